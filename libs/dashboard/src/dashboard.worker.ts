import { Inject, Injectable } from '@nestjs/common';
import { Metrics } from '@lorawatch/ops/metrics';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { TrafficCounters } from './traffic/traffic-counters';

/** Background work of the dashboard context: the traffic counters; the runtime starts it once the read models caught up. */
@Injectable()
export class DashboardWorker {
  readonly traffic: TrafficCounters;

  constructor(
    @Inject(PACKET_LOG) packets: PacketLog,
    @Inject(READ_STORE) store: ReadStore,
    @Inject(CLOCK) clock: Clock,
    metrics: Metrics,
  ) {
    this.traffic = new TrafficCounters(packets, store, clock, { health: metrics.consumers });
  }

  async start(): Promise<void> {
    this.traffic.start();
  }

  async stop(): Promise<void> {
    await this.traffic.stop();
  }
}
