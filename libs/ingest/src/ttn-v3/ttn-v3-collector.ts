import type { IncomingMessage } from 'node:http';
import type { IngestOutcome } from '../ingest-outcome';
import { isJsonObject } from '../json-fields';
import type { CollectorCounters, CollectorSink, ConnectionStatus } from '../mqtt/collector-sink';
import { ReconnectBackoff } from '../mqtt/reconnect-backoff';
import { EventStreamLines, type StreamLine } from './event-stream-lines';
import { IdleWatch } from './idle-watch';
import { openTtnV3Stream } from './open-ttn-v3-stream';
import { parseTtnV3Event, type TtnV3EventParser } from './parse-ttn-v3-event';
import { type TtnV3Endpoint, ttnV3StreamTarget, type TtnV3StreamTarget } from './ttn-v3-endpoint';
import { streamErrorText } from './ttn-v3-envelope';

export type TtnV3CollectorOptions = TtnV3Endpoint & {
  dataSourceId: number;
  organizationId: number;
  /** Default parseTtnV3Event; pass createTtnV3Parser() to attribute join accepts in the collector. */
  parse?: TtnV3EventParser;
  /** First reconnect delay; doubles on each failed attempt up to `maxReconnectPeriodMs`. Default 1000. */
  reconnectPeriodMs?: number;
  /** Default 60 000. A refused API key waits this long at once: TTS rate-limits failed logins. */
  maxReconnectPeriodMs?: number;
  /** Until the server answers a connection attempt. Default 10 000. */
  connectTimeoutMs?: number;
  /** Reconnect when the stream is silent this long while not delivering. Default: none (TCP keepalive only). */
  idleTimeoutMs?: number;
  /** A longer event is skipped and counted as malformed. Default 1 MiB. */
  maxEventBytes?: number;
  now?: () => Date;
};

/** Names the stream in `onMalformed` when an event has no usable name. */
export const TTN_V3_STREAM_TOPIC = '/api/v3/events';
const STOP_GRACE_MS = 2000;
const DEFAULT_MAX_EVENT_BYTES = 1024 * 1024;
/** gRPC codes TTS gives a refused key in a stream error: UNAUTHENTICATED, PERMISSION_DENIED. */
const LOGIN_ERROR_CODES = new Set([16, 7]);

/** Why a connection ended: the DISCONNECTED reason, and what it means for the next attempt. */
type StreamEnd = { reason: string; loginFailed?: boolean; retryAfterMs?: number };

/**
 * One Events-stream connection for one TTN v3 data source (docs/wire-formats.md §5): follows the configured gateways,
 * parses every event as it streams in, hands the result to the sink and waits for it before reading on
 * (back-pressure: TCP flow control holds the server). Reconnects with back-off after any failure; on
 * reconnection it asks for the events `after` the last one handled, which a server with event history
 * replays, and the deterministic packet ids let the packet log drop what it already has.
 */
export class TtnV3Collector {
  private readonly target: TtnV3StreamTarget;
  private readonly backoff: ReconnectBackoff;
  private readonly parse: TtnV3EventParser;
  private readonly now: () => Date;
  private readonly stats: CollectorCounters = { received: 0, packets: 0, malformed: 0, lastMessageAt: null };
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private stopped = false;
  private status: ConnectionStatus | undefined;
  private loginFailureReported = false;
  /** Server time of the last event handled (as the server wrote it), for `after` on reconnection. */
  private lastEventTime: string | undefined;

  constructor(
    private readonly options: TtnV3CollectorOptions,
    private readonly sink: CollectorSink,
  ) {
    this.target = ttnV3StreamTarget(options);
    this.backoff = new ReconnectBackoff(options.reconnectPeriodMs ?? 1000, this.maxReconnectPeriodMs);
    this.parse = options.parse ?? parseTtnV3Event;
    this.now = options.now ?? (() => new Date());
  }

  counters(): CollectorCounters {
    return { ...this.stats };
  }

  start(): void {
    if (this.stopped) throw new Error('collector stopped');
    if (this.running !== undefined) throw new Error('collector already started');
    this.running = this.run().catch((error: unknown) => {
      // Every failure is handled inside; this is for a bug, which must not become an unhandled rejection.
      this.report(
        'DISCONNECTED',
        `collector failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  /** Closes the stream; an event being delivered gets a grace period to finish. */
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
    this.report('DISCONNECTED');
  }

  private get maxReconnectPeriodMs(): number {
    return this.options.maxReconnectPeriodMs ?? 60_000;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const end = await this.connectOnce();
      if (this.stopped) return;
      if (end.loginFailed) this.reportLoginFailed(end.reason);
      this.report('DISCONNECTED', end.reason);
      const delay = end.loginFailed ? this.maxReconnectPeriodMs : this.backoff.next();
      await this.sleep(Math.max(delay, end.retryAfterMs ?? 0));
    }
  }

  private async connectOnce(): Promise<StreamEnd> {
    const opened = await openTtnV3Stream(this.target, {
      signal: this.abort.signal,
      timeoutMs: this.options.connectTimeoutMs ?? 10_000,
      after: this.lastEventTime,
    });
    switch (opened.kind) {
      case 'login-failed':
        return { reason: `login failed: ${opened.message}`, loginFailed: true };
      case 'failed':
        return { reason: opened.message, retryAfterMs: opened.retryAfterMs };
      case 'open':
        this.backoff.reset();
        this.loginFailureReported = false;
        this.report('CONNECTED');
        try {
          return await this.consume(opened.response);
        } finally {
          opened.response.destroy();
        }
    }
  }

  private async consume(response: IncomingMessage): Promise<StreamEnd> {
    const lines = new EventStreamLines(this.maxEventBytes);
    const idle = new IdleWatch(response, this.options.idleTimeoutMs);
    try {
      for await (const chunk of response) {
        idle.pause();
        const end = await this.handleLines(lines.push(chunk as Buffer));
        if (end !== undefined) return end;
        if (this.stopped) return { reason: 'stopped' };
        idle.resume();
      }
      return (await this.handleLines(lines.end())) ?? { reason: 'the server ended the events stream' };
    } catch (error) {
      if (this.stopped) return { reason: 'stopped' };
      return { reason: `events stream failed: ${error instanceof Error ? error.message : String(error)}` };
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
    const receivedAt = this.now().toISOString();
    this.stats.received += 1;
    this.stats.lastMessageAt = receivedAt;
    if (line.kind === 'too-long') {
      return this.malformed(`event of ${line.bytes} bytes is over the ${this.maxEventBytes} byte limit`);
    }
    let json: unknown;
    try {
      json = JSON.parse(line.text);
    } catch (error) {
      return this.malformed(`invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (isJsonObject(json) && json.error !== undefined && json.result === undefined) {
      // The server ends the stream after an error; so do we, then reconnect.
      const code = isJsonObject(json.error) ? json.error.code : undefined;
      const reason = `stream error: ${streamErrorText(json.error)}`;
      return typeof code === 'number' && LOGIN_ERROR_CODES.has(code)
        ? { reason: `login failed: ${reason}`, loginFailed: true }
        : { reason };
    }
    const outcome = this.parseEvent(json, receivedAt);
    try {
      await this.deliver(outcome, json);
    } catch (error) {
      // Reconnecting with `after` asks a server with history for this event again.
      return { reason: `sink failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    // The parser checked the time of every event it did not call malformed.
    if (outcome.kind !== 'malformed') this.advanceLastEventTime(json);
    return undefined;
  }

  private async deliver(outcome: IngestOutcome, event: unknown): Promise<void> {
    switch (outcome.kind) {
      case 'packets':
        if (outcome.packets.length > 0) await this.sink.onPackets(outcome.packets);
        this.stats.packets += outcome.packets.length;
        return;
      case 'gateway': {
        const { kind: _kind, ...update } = outcome;
        await this.sink.onGateway?.(update);
        return;
      }
      case 'malformed':
        this.malformed(outcome.reason, eventName(event));
        return;
      case 'ignored':
        return;
    }
  }

  /** Only forward: events of several gateways may arrive slightly out of order. */
  private advanceLastEventTime(json: unknown): void {
    const time = eventTime(json);
    if (time === undefined) return;
    if (this.lastEventTime === undefined || Date.parse(time) >= Date.parse(this.lastEventTime)) {
      this.lastEventTime = time;
    }
  }

  /** Parsers promise not to throw; a custom one that does still must not take the collector down. */
  private parseEvent(event: unknown, receivedAt: string): IngestOutcome {
    const { dataSourceId, organizationId } = this.options;
    try {
      return this.parse(event, { dataSourceId, organizationId, receivedAt });
    } catch (error) {
      return {
        kind: 'malformed',
        reason: `parser failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  private malformed(reason: string, topic = TTN_V3_STREAM_TOPIC): undefined {
    this.stats.malformed += 1;
    try {
      this.sink.onMalformed(reason, topic);
    } catch {
      // Reporting is best effort: a failing logger must not stop ingestion.
    }
    return undefined;
  }

  private get maxEventBytes(): number {
    return this.options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
  }

  private reportLoginFailed(message: string): void {
    if (this.loginFailureReported) return;
    this.loginFailureReported = true;
    try {
      this.sink.onLoginFailed?.(message);
    } catch {
      // Same as onMalformed.
    }
  }

  private report(status: ConnectionStatus, error?: string): void {
    if (status === this.status) return;
    this.status = status;
    try {
      if (error === undefined) this.sink.onStatus(status);
      else this.sink.onStatus(status, error);
    } catch {
      // Status reporting never breaks the connection logic.
    }
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

function eventTime(json: unknown): string | undefined {
  const event = isJsonObject(json) && isJsonObject(json.result) ? json.result : json;
  return isJsonObject(event) && typeof event.time === 'string' && event.time.length <= 40
    ? event.time
    : undefined;
}

function eventName(json: unknown): string {
  const event = isJsonObject(json) && isJsonObject(json.result) ? json.result : json;
  const name = isJsonObject(event) ? event.name : undefined;
  return typeof name === 'string' && name.length <= 100 ? name : TTN_V3_STREAM_TOPIC;
}
