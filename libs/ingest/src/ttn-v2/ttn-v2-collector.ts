import type { IncomingMessage } from 'node:http';
import type { IngestOutcome } from '../ingest-outcome';
import type { EgressLookup } from '../egress-lookup';
import { isJsonObject } from '../json-fields';
import type { CollectorCounters, CollectorSink, ConnectionStatus } from '../mqtt/collector-sink';
import { ReconnectBackoff } from '../mqtt/reconnect-backoff';
import { EventStreamLines, type StreamLine } from '../ttn-v3/event-stream-lines';
import { IdleWatch } from '../ttn-v3/idle-watch';
import { openTtnV2Traffic, type TtnV2TrafficTarget } from './open-ttn-v2-traffic';
import { parseTtnV2Frame, type TtnV2FrameParser } from './parse-ttn-v2-frame';
import { TTN_V2_STREAM_TOPIC, ttnV2TrafficUrl } from './ttn-v2-protocol';

export interface TtnV2Account {
  /** The server's base URL (protocol in ttn-v2-protocol.ts), with its port when not the default. */
  baseUrl: string;
  username: string;
  password: string;
  /** TTN v2 gateway IDs of the account (`listTtnV2Gateways`). */
  gatewayIds: readonly string[];
  /** The server's egress policy; without one, node resolves and connects as it likes. */
  egress?: EgressLookup;
}

export type TtnV2CollectorOptions = TtnV2Account & {
  dataSourceId: number;
  organizationId: number;
  /** Default parseTtnV2Frame; pass createTtnV2Parser() to attribute join accepts in the collector. */
  parse?: TtnV2FrameParser;
  /** First reconnect delay; doubles on each failed attempt up to `maxReconnectPeriodMs`. Default 1000. */
  reconnectPeriodMs?: number;
  /** Default 60 000. Refused credentials wait this long at once, so a wrong password is not hammered. */
  maxReconnectPeriodMs?: number;
  /** Until the server answers the login and the stream request. Default 10 000. */
  connectTimeoutMs?: number;
  /** Reconnect when the stream is silent this long while not delivering. Default: none (TCP keepalive only). */
  idleTimeoutMs?: number;
  /** A longer frame is skipped and counted as malformed. Default 1 MiB. */
  maxFrameBytes?: number;
  now?: () => Date;
};

const STOP_GRACE_MS = 2000;
const DEFAULT_MAX_FRAME_BYTES = 1024 * 1024;

/** Why a connection ended: the DISCONNECTED reason, and what it means for the next attempt. */
type StreamEnd = { reason: string; loginFailed?: boolean };

/** Checks the settings once at start-up, so a bad one fails loudly instead of retrying forever. */
export function ttnV2TrafficTarget(account: TtnV2Account): TtnV2TrafficTarget {
  return {
    baseUrl: account.baseUrl,
    username: account.username,
    password: account.password,
    trafficUrl: ttnV2TrafficUrl(account.baseUrl, account.gatewayIds),
    egress: account.egress,
  };
}

/**
 * One traffic-stream connection for one TTN v2 data source (protocol in ttn-v2-protocol.ts): logs in, follows
 * the configured gateways, parses every frame as it streams in, hands the result to the sink and waits for it
 * before reading on (back-pressure: TCP flow control holds the server). After any failure it logs in again and
 * reconnects with back-off; refused credentials are reported once per episode through `onLoginFailed`.
 */
export class TtnV2Collector {
  private readonly target: TtnV2TrafficTarget;
  private readonly backoff: ReconnectBackoff;
  private readonly parse: TtnV2FrameParser;
  private readonly now: () => Date;
  private readonly stats: CollectorCounters = { received: 0, packets: 0, malformed: 0, lastMessageAt: null };
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private stopped = false;
  private status: ConnectionStatus | undefined;
  private loginFailureReported = false;

  constructor(
    private readonly options: TtnV2CollectorOptions,
    private readonly sink: CollectorSink,
  ) {
    this.target = ttnV2TrafficTarget(options);
    this.backoff = new ReconnectBackoff(options.reconnectPeriodMs ?? 1000, this.maxReconnectPeriodMs);
    this.parse = options.parse ?? parseTtnV2Frame;
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

  /** Closes the stream; a frame being delivered gets a grace period to finish. */
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
      await this.sleep(end.loginFailed ? this.maxReconnectPeriodMs : this.backoff.next());
    }
  }

  private async connectOnce(): Promise<StreamEnd> {
    const opened = await openTtnV2Traffic(this.target, {
      signal: this.abort.signal,
      timeoutMs: this.options.connectTimeoutMs ?? 10_000,
    });
    switch (opened.kind) {
      case 'login-failed':
        return { reason: `login failed: ${opened.message}`, loginFailed: true };
      case 'failed':
        return { reason: opened.message };
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
    const lines = new EventStreamLines(this.maxFrameBytes);
    const idle = new IdleWatch(response, this.options.idleTimeoutMs);
    try {
      for await (const chunk of response) {
        idle.pause();
        const end = await this.handleLines(lines.push(chunk as Buffer));
        if (end !== undefined) return end;
        if (this.stopped) return { reason: 'stopped' };
        idle.resume();
      }
      return (await this.handleLines(lines.end())) ?? { reason: 'the server ended the traffic stream' };
    } catch (error) {
      if (this.stopped) return { reason: 'stopped' };
      return { reason: `traffic stream failed: ${error instanceof Error ? error.message : String(error)}` };
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
      return this.malformed(`frame of ${line.bytes} bytes is over the ${this.maxFrameBytes} byte limit`);
    }
    let json: unknown;
    try {
      json = JSON.parse(line.text);
    } catch (error) {
      return this.malformed(`invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    const outcome = this.parseFrame(json, receivedAt);
    try {
      await this.deliver(outcome, json);
    } catch (error) {
      return { reason: `sink failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    return undefined;
  }

  private async deliver(outcome: IngestOutcome, frame: unknown): Promise<void> {
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
        this.malformed(outcome.reason, frameType(frame));
        return;
      case 'device':
      case 'ignored':
        return;
    }
  }

  /** Parsers promise not to throw; a custom one that does still must not take the collector down. */
  private parseFrame(frame: unknown, receivedAt: string): IngestOutcome {
    const { dataSourceId, organizationId } = this.options;
    try {
      return this.parse(frame, { dataSourceId, organizationId, receivedAt });
    } catch (error) {
      return {
        kind: 'malformed',
        reason: `parser failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  private malformed(reason: string, topic = TTN_V2_STREAM_TOPIC): undefined {
    this.stats.malformed += 1;
    try {
      this.sink.onMalformed(reason, topic);
    } catch {
      // Reporting is best effort: a failing logger must not stop ingestion.
    }
    return undefined;
  }

  private get maxFrameBytes(): number {
    return this.options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
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

function frameType(json: unknown): string {
  const type = isJsonObject(json) ? json.type : undefined;
  return typeof type === 'string' && type.length <= 60 ? type : TTN_V2_STREAM_TOPIC;
}
