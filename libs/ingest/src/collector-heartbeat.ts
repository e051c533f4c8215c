import type { Packet } from '@lorawatch/domain/packet';
import { heartbeatId, type Heartbeat } from '@lorawatch/packet-log/packet-log.port';
import type { CollectorSink, ConnectionStatus } from './mqtt/collector-sink';

export interface CollectorHeartbeatOptions {
  dataSourceId: number;
  organizationId: number;
  /** How often the collector looks whether a heartbeat is due; 0 or less: never. */
  intervalMs: number;
  /** Stores a heartbeat in the packet log (through the same appender as the packets). */
  append: (heartbeat: Heartbeat) => Promise<void>;
  /** The collector's clock, the one `receivedAt` is read from. */
  now?: () => Date;
  onError?: (error: unknown) => void;
}

/**
 * The heartbeats of one data source's collector (docs/architecture.md §9). A network that went quiet entirely sends
 * no packet that could carry its event time forward, so the collector says itself that time went by: every
 * interval while it is connected and no packet arrived during that interval (a busy network adds nothing), and
 * every interval while it is not connected, it appends a heartbeat stamped once with its clock and its connection
 * state. The detectors read these stored records, never a clock, so replaying the log at any pace judges a quiet
 * data source the same way.
 *
 * After a (re)connection the first heartbeat comes one whole quiet interval later: a broker hands a persistent
 * session's backlog over as soon as the subscription is accepted, and that backlog is not quiet time.
 */
export class CollectorHeartbeat {
  private status: ConnectionStatus | null = null;
  /** Collector clock (ms) of the last packets handed over, or of the last connection: quiet time starts there. */
  private busyAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly now: () => Date;

  constructor(private readonly options: CollectorHeartbeatOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** The collector's sink, watched: packets handed over and connection changes reach the heartbeat too. */
  watch(sink: CollectorSink): CollectorSink {
    return {
      onPackets: async (packets: Packet[]) => {
        this.busyAt = this.now().getTime();
        try {
          await sink.onPackets(packets);
        } finally {
          this.busyAt = this.now().getTime();
        }
      },
      onGateway: sink.onGateway?.bind(sink),
      onStatus: (status: ConnectionStatus, error?: string) => {
        if (!this.stopped) {
          this.status = status;
          if (status === 'CONNECTED') this.busyAt = this.now().getTime();
        }
        sink.onStatus(status, error);
      },
      onMalformed: (reason: string, topic: string) => sink.onMalformed(reason, topic),
      onLoginFailed: sink.onLoginFailed?.bind(sink),
    };
  }

  start(): void {
    if (this.timer !== null || this.stopped || this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.beat().catch((error: unknown) => this.options.onError?.(error));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** No heartbeat after this: a collector that is stopped (disabled, handed over, shut down) says nothing more. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Appends the heartbeat that is due now, if any, and returns it: while connected, when nothing was handed over
   * for a whole interval; while not connected, always; before the first connection status, never. The timer calls
   * it every interval. Public for tests.
   */
  async beat(): Promise<Heartbeat | null> {
    if (this.stopped || this.status === null) return null;
    const now = this.now();
    const connected = this.status === 'CONNECTED';
    if (connected && now.getTime() - this.busyAt < this.options.intervalMs) return null;
    const at = now.toISOString();
    const heartbeat: Heartbeat = {
      kind: 'heartbeat',
      id: heartbeatId(this.options.dataSourceId, at),
      organizationId: this.options.organizationId,
      dataSourceId: this.options.dataSourceId,
      at,
      connected,
    };
    await this.options.append(heartbeat);
    return heartbeat;
  }
}
