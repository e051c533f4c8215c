import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_KEYS_PROJECTION } from '@lorawatch/app-keys/projection/app-keys.projection';
import { OrganizationAppKeys } from '@lorawatch/app-keys/projection/organization-app-keys';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { dataSourcesProjection } from '@lorawatch/data-sources/projection/data-sources.projection';
import { DetectionRunner } from '@lorawatch/detection/detection-runner';
import { KeyAuditRunner } from '@lorawatch/detection/key-audit-runner';
import { PolicyProvider } from '@lorawatch/detection/policy-provider';
import { ENGINES } from '@lorawatch/engines/engines.module';
import type { Engines } from '@lorawatch/engines/open-engines';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { Metrics } from '@lorawatch/ops/metrics';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { policiesProjection } from '@lorawatch/policies/policies.projection';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CheckpointWatch } from '../checkpoint-watch';
import { refreshConsumerLag } from '../gauges';
import { processStatus, type ProcessRuntime, type ProcessState } from '../process-runtime';

/**
 * A detector replica: a member of the packet log's detector group (and of the key-audit group), running the
 * detector sagas on the partitions the group gives it. Replicas share the partitions; one that dies hands its
 * partitions to the others, which resume from the committed detector state (same alerts, never doubled).
 */
@Injectable()
export class DetectorRuntime implements ProcessRuntime, OnApplicationShutdown {
  private readonly logger = new Logger('Detector');
  private state: ProcessState = 'starting';
  private readonly detection: DetectionRunner;
  private readonly keyAudit: KeyAuditRunner;
  private readonly watch: CheckpointWatch;
  private readonly unwatch: Array<() => void> = [];

  constructor(
    @Inject(EVENT_STORE) events: EventStore,
    @Inject(PACKET_LOG) private readonly packets: PacketLog,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: Metrics,
    @Inject(ENGINES) engines: Engines,
  ) {
    const policies = new PolicyProvider(store);
    const appKeys = new OrganizationAppKeys(store);
    this.watch = new CheckpointWatch(store, 1000);
    // Policies and keys change in the projector's read models: reread them once their checkpoints move.
    this.unwatch.push(
      this.watch.onChange([policiesProjection.name, dataSourcesProjection.name], () => policies.invalidate()),
      this.watch.onChange([APP_KEYS_PROJECTION], () => appKeys.invalidate()),
    );
    this.detection = new DetectionRunner(packets, events, store, policies, metrics, {
      tickIntervalMs: config.detectorTickSeconds * 1000,
      // On the embedded log this process is the only detector and keeps every partition: its sagas' state can stay
      // in memory between batches. Replicas in a Kafka group hand partitions to one another and must re-read it.
      cacheState: engines.kinds.packets === 'embedded',
    });
    this.keyAudit = new KeyAuditRunner({
      packets,
      events,
      store,
      policies,
      organizationKeys: appKeys,
      metrics,
      threads: config.keyAuditThreads,
      queueLimit: config.keyAuditQueueLimit,
    });
  }

  async start(): Promise<void> {
    this.detection.start();
    this.keyAudit.start();
    this.state = 'ready';
    this.logger.log('Joined the detector group');
  }

  status() {
    return processStatus(this.state);
  }

  /** A detector writes no read model the API reads back at once. */
  async settled(): Promise<void> {}

  async refreshGauges(): Promise<void> {
    await refreshConsumerLag(this.packets, this.store, this.metrics);
  }

  async onApplicationShutdown(): Promise<void> {
    // The standalone console stops its parts in order first; Nest's own call then finds them stopped.
    if (this.state === 'stopping') return;
    this.state = 'stopping';
    for (const stop of this.unwatch) stop();
    this.watch.stop();
    await this.detection.stop();
    await this.keyAudit.stop();
  }
}
