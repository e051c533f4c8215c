import type { IngestContext, IngestOutcome } from './ingest-outcome';
import type { CollectorCounters, CollectorSink, ConnectionStatus } from './mqtt/collector-sink';

/** Reads one message as a collector takes it off the network. Promises not to throw: bad input is `malformed`. */
export type CollectorParser<M> = (message: M, context: IngestContext) => IngestOutcome;

export interface CollectorBookOptions {
  dataSourceId: number;
  organizationId: number;
  /** The collector's clock, the one `receivedAt` is read from. */
  now?: () => Date;
}

/**
 * The bookkeeping every collector shares, whatever its network (MQTT, TTN v2, TTN v3): counts each message it
 * received, parses it (a parser that throws after all yields a `malformed` outcome), hands the outcome to the sink,
 * counts packets and malformed messages, and tells the sink of connection changes and refused credentials. Nothing
 * told to the sink that way (malformed, status, login failure) may stop ingestion or break the connection logic.
 *
 * `topicOf` names a message the parser called malformed in `onMalformed` (its MQTT topic, frame type or event
 * name); it is called for those messages only.
 */
export class CollectorBook<M> {
  private readonly stats: CollectorCounters = { received: 0, packets: 0, malformed: 0, lastMessageAt: null };
  private readonly now: () => Date;
  private status: ConnectionStatus | undefined;
  private loginFailureReported = false;

  constructor(
    private readonly options: CollectorBookOptions,
    private readonly sink: CollectorSink,
    private readonly parser: CollectorParser<M>,
    private readonly topicOf: (message: M) => string,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  counters(): CollectorCounters {
    return { ...this.stats };
  }

  /** Counts a message taken off the network; returns the collector clock at its arrival, ISO 8601 UTC. */
  receive(): string {
    const receivedAt = this.now().toISOString();
    this.stats.received += 1;
    this.stats.lastMessageAt = receivedAt;
    return receivedAt;
  }

  /**
   * Parses a received message and hands the outcome to the sink; resolves once the sink has it, rejects when the
   * sink failed (the collector then leaves the message to be delivered again).
   */
  async deliver(message: M, receivedAt: string): Promise<IngestOutcome> {
    const outcome = this.parse(message, receivedAt);
    switch (outcome.kind) {
      case 'packets':
        if (outcome.packets.length > 0) await this.sink.onPackets(outcome.packets);
        this.stats.packets += outcome.packets.length;
        break;
      case 'gateway': {
        const { kind: _kind, ...update } = outcome;
        await this.sink.onGateway?.(update);
        break;
      }
      case 'malformed':
        this.malformed(outcome.reason, this.topicOf(message));
        break;
      case 'device':
      case 'ignored':
        break;
    }
    return outcome;
  }

  /** Counts a malformed message and reports it; returns undefined, for `return book.malformed(…)`. */
  malformed(reason: string, topic: string): undefined {
    this.stats.malformed += 1;
    try {
      this.sink.onMalformed(reason, topic);
    } catch {
      // Reporting is best effort: a failing logger must not stop ingestion or redeliver the message.
    }
    return undefined;
  }

  /** Tells the sink of a status change; the same status twice in a row is told once. */
  report(status: ConnectionStatus, error?: string): void {
    if (status === this.status) return;
    this.status = status;
    try {
      if (error === undefined) this.sink.onStatus(status);
      else this.sink.onStatus(status, error);
    } catch {
      // Same as onMalformed: status reporting never breaks the connection logic.
    }
  }

  /** Tells the sink the server refused the credentials, once per episode: until `credentialsAccepted`. */
  loginFailed(message: string): void {
    if (this.loginFailureReported) return;
    this.loginFailureReported = true;
    try {
      this.sink.onLoginFailed?.(message);
    } catch {
      // Same as onMalformed.
    }
  }

  /** A connection was accepted: the next refusal starts a new episode. */
  credentialsAccepted(): void {
    this.loginFailureReported = false;
  }

  /** Parsers promise not to throw; a custom one that does still must not take the collector down. */
  private parse(message: M, receivedAt: string): IngestOutcome {
    const { dataSourceId, organizationId } = this.options;
    try {
      return this.parser(message, { dataSourceId, organizationId, receivedAt });
    } catch (error) {
      return {
        kind: 'malformed',
        reason: `parser failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
}
