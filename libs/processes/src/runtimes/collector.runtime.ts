import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { CollectorSupervisor } from '@lorawatch/data-sources/collection/collector-supervisor';
import { LeaseKeeper } from '@lorawatch/data-sources/collection/lease/lease-keeper';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { Metrics } from '@lorawatch/ops/metrics';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { egressRulesOf } from '@lorawatch/platform/egress/egress-rules';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { processStatus, type ProcessRuntime, type ProcessState } from '../process-runtime';

/**
 * A collector: follows the data-source events, holds leases on data sources so that each one is collected by
 * exactly one collector of the deployment, and appends what its collectors receive to the packet log.
 */
@Injectable()
export class CollectorRuntime implements ProcessRuntime, OnApplicationShutdown {
  private readonly logger = new Logger('Collector');
  private state: ProcessState = 'starting';
  private readonly collectors: CollectorSupervisor;

  constructor(
    @Inject(EVENT_STORE) events: EventStore,
    @Inject(PACKET_LOG) packets: PacketLog,
    @Inject(APP_CONFIG) config: AppConfig,
    metrics: Metrics,
    commands: CommandBus,
    @Inject(CLOCK) clock: Clock,
  ) {
    const leaseLogger = new Logger('Leases');
    const leases = new LeaseKeeper(events, {
      holder: config.instanceId,
      ttlMs: config.collectorLeaseSeconds * 1000,
      clock,
      onError: (error) => leaseLogger.warn(`Lease look failed: ${String(error)}`),
    });
    this.collectors = new CollectorSupervisor(
      events,
      packets,
      commands,
      new SecretBox(config.secretKey),
      metrics,
      leases,
      egressRulesOf(config),
      config.detectorTickSeconds * 1000,
    );
  }

  async start(): Promise<void> {
    await this.collectors.start();
    this.state = 'ready';
    this.logger.log('Collecting');
  }

  status() {
    return processStatus(this.state, {
      collecting: this.state === 'ready' ? this.collectors.collecting() : [],
    });
  }

  async settled(): Promise<void> {}

  async refreshGauges(): Promise<void> {}

  async onApplicationShutdown(): Promise<void> {
    // The standalone console stops its parts in order first; Nest's own call then finds them stopped.
    if (this.state === 'stopping') return;
    this.state = 'stopping';
    await this.collectors.stop();
  }
}
