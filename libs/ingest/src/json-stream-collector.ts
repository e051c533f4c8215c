import type { IncomingMessage } from 'node:http';
import { CollectorBook, type CollectorParser } from './collector-book';
import type { IngestOutcome } from './ingest-outcome';
import type { CollectorCounters, CollectorSink } from './mqtt/collector-sink';
import { ReconnectBackoff } from './mqtt/reconnect-backoff';
import { EventStreamLines, type StreamLine } from './ttn-v3/event-stream-lines';
import { IdleWatch } from './ttn-v3/idle-watch';

/** What the collectors of a long-lived JSON stream over HTTP (TTN v2 traffic, TTN v3 events) are given alike. */
export interface JsonStreamCollectorOptions {
  dataSourceId: number;
  organizationId: number;
  /** First reconnect delay; doubles on each failed attempt up to `maxReconnectPeriodMs`. Default 1000. */
  reconnectPeriodMs?: number;
  /**
   * Default 60 000. Refused credentials wait this long at once, so a wrong password or key is not hammered
   * (TTS rate-limits failed logins).
   */
  maxReconnectPeriodMs?: number;
  /** Until the server answers a connection attempt (TTN v2: the login and the stream request). Default 10 000. */
  connectTimeoutMs?: number;
  /** Reconnect when the stream is silent this long while not delivering. Default: none (TCP keepalive only). */
  idleTimeoutMs?: number;
  now?: () => Date;
}

/** One kind of stream's own parts. */
export interface JsonStream {
  /** The stream in DISCONNECTED reasons: `the server ended the ${name}`. */
  name: string;
  /** One line of the stream in malformed reasons (`frame`, `event`). */
  lineName: string;
  /** Names the stream in `onMalformed` for a line that is no message at all (too long, not JSON). */
  topic: string;
  /** The parser unless the collector is given another. */
  parse: CollectorParser<unknown>;
  /** Names a message the parser called malformed in `onMalformed`. */
  topicOf: (json: unknown) => string;
}

/** What one collector's options change of its stream's defaults. */
export interface JsonStreamChoices {
  parse?: CollectorParser<unknown>;
  /** A longer line is skipped and counted as malformed. Default 1 MiB. */
  maxLineBytes?: number;
}

/** How an attempt to open the stream went. Opening never rejects: every failure is a value with its reason. */
export type StreamOpening =
  | { kind: 'open'; response: IncomingMessage }
  | { kind: 'login-failed'; message: string }
  | { kind: 'failed'; message: string; retryAfterMs?: number };

/** Why a connection ended: the DISCONNECTED reason, and what it means for the next attempt. */
export type StreamEnd = { reason: string; loginFailed?: boolean; retryAfterMs?: number };

const STOP_GRACE_MS = 2000;
const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;

/**
 * One connection to a stream of newline-delimited JSON messages for one data source: opens it, parses every message
 * as it streams in, hands the result to the sink and waits for it before reading on (back-pressure: TCP flow
 * control holds the server). After any failure it opens the stream again with back-off; refused credentials are
 * reported once per episode through `onLoginFailed` and wait the longest delay at once.
 */
export abstract class JsonStreamCollector {
  private readonly book: CollectorBook<unknown>;
  private readonly backoff: ReconnectBackoff;
  private readonly maxLineBytes: number;
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private stopped = false;

  protected constructor(
    private readonly options: JsonStreamCollectorOptions,
    sink: CollectorSink,
    private readonly stream: JsonStream,
    choices: JsonStreamChoices,
  ) {
    this.book = new CollectorBook(options, sink, choices.parse ?? stream.parse, stream.topicOf);
    this.maxLineBytes = choices.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.backoff = new ReconnectBackoff(options.reconnectPeriodMs ?? 1000, this.maxReconnectPeriodMs);
  }

  counters(): CollectorCounters {
    return this.book.counters();
  }

  start(): void {
    if (this.stopped) throw new Error('collector stopped');
    if (this.running !== undefined) throw new Error('collector already started');
    this.running = this.run().catch((error: unknown) => {
      // Every failure is handled inside; this is for a bug, which must not become an unhandled rejection.
      this.book.report(
        'DISCONNECTED',
        `collector failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  /** Closes the stream; a message being delivered gets a grace period to finish. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.abort.abort();
    if (this.running !== undefined) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, STOP_GRACE_MS);
      });
      await Promise.race([this.running, grace]);
      clearTimeout(timer);
    }
    this.book.report('DISCONNECTED');
  }

  /** Opens the stream once. */
  protected abstract open(signal: AbortSignal, timeoutMs: number): Promise<StreamOpening>;

  /** A message that ends the stream instead of going to the parser (a stream error); by default none does. */
  protected endOf(_json: unknown): StreamEnd | undefined {
    return undefined;
  }

  /** Called once the sink has a message's outcome. */
  protected handled(_json: unknown, _outcome: IngestOutcome): void {}

  private get maxReconnectPeriodMs(): number {
    return this.options.maxReconnectPeriodMs ?? 60_000;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const end = await this.connectOnce();
      if (this.stopped) return;
      if (end.loginFailed) this.book.loginFailed(end.reason);
      this.book.report('DISCONNECTED', end.reason);
      const delay = end.loginFailed ? this.maxReconnectPeriodMs : this.backoff.next();
      await this.sleep(Math.max(delay, end.retryAfterMs ?? 0));
    }
  }

  private async connectOnce(): Promise<StreamEnd> {
    const opened = await this.open(this.abort.signal, this.options.connectTimeoutMs ?? 10_000);
    switch (opened.kind) {
      case 'login-failed':
        return { reason: `login failed: ${opened.message}`, loginFailed: true };
      case 'failed':
        return { reason: opened.message, retryAfterMs: opened.retryAfterMs };
      case 'open':
        this.backoff.reset();
        this.book.credentialsAccepted();
        this.book.report('CONNECTED');
        try {
          return await this.consume(opened.response);
        } finally {
          opened.response.destroy();
        }
    }
  }

  private async consume(response: IncomingMessage): Promise<StreamEnd> {
    const lines = new EventStreamLines(this.maxLineBytes);
    const idle = new IdleWatch(response, this.options.idleTimeoutMs);
    try {
      for await (const chunk of response) {
        idle.pause();
        const end = await this.handleLines(lines.push(chunk as Buffer));
        if (end !== undefined) return end;
        if (this.stopped) return { reason: 'stopped' };
        idle.resume();
      }
      return (await this.handleLines(lines.end())) ?? { reason: `the server ended the ${this.stream.name}` };
    } catch (error) {
      if (this.stopped) return { reason: 'stopped' };
      return {
        reason: `${this.stream.name} failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    } finally {
      idle.pause();
    }
  }

  private async handleLines(lines: StreamLine[]): Promise<StreamEnd | undefined> {
    for (const line of lines) {
      const end = await this.handleLine(line);
      if (end !== undefined) return end;
    }
    return undefined;
  }

  private async handleLine(line: StreamLine): Promise<StreamEnd | undefined> {
    const receivedAt = this.book.receive();
    if (line.kind === 'too-long') {
      return this.book.malformed(
        `${this.stream.lineName} of ${line.bytes} bytes is over the ${this.maxLineBytes} byte limit`,
        this.stream.topic,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(line.text);
    } catch (error) {
      return this.book.malformed(
        `invalid JSON: ${error instanceof Error ? error.message : String(error)}`,
        this.stream.topic,
      );
    }
    const end = this.endOf(json);
    if (end !== undefined) return end;
    let outcome: IngestOutcome;
    try {
      outcome = await this.book.deliver(json, receivedAt);
    } catch (error) {
      // Reconnecting asks a server with history for this message again (TTN v3 `after`).
      return { reason: `sink failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    this.handled(json, outcome);
    return undefined;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.abort.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.abort.signal.addEventListener('abort', done, { once: true });
    });
  }
}
