import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { filter } from 'rxjs';
import { BootstrapAdmin } from '@lorawatch/accounts/commands/bootstrap-admin/bootstrap-admin';
import { APP_KEYS_PROJECTION } from '@lorawatch/app-keys/projection/app-keys.projection';
import { OrganizationAppKeys } from '@lorawatch/app-keys/projection/organization-app-keys';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { DashboardWorker } from '@lorawatch/dashboard/dashboard.worker';
import { CollectorSupervisor } from '@lorawatch/data-sources/collection/collector-supervisor';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/data-sources/projection/data-source.view';
import { DetectionRunner } from '@lorawatch/detection/detection-runner';
import { KeyAuditRunner } from '@lorawatch/detection/key-audit-runner';
import { PolicyProvider } from '@lorawatch/detection/policy-provider';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { IssueTracker } from '@lorawatch/issues/tracker/issue-tracker';
import { NotificationsWorker } from '@lorawatch/notifications/notifications.worker';
import { Metrics } from '@lorawatch/ops/metrics';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { SeedDefaultPolicy } from '@lorawatch/policies/seed-default-policy';
import { refreshConsumerLag, refreshProjectionLag } from '@lorawatch/processes/gauges';
import { processStatus, within, type ProcessRuntime } from '@lorawatch/processes/process-runtime';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';
import { RealtimePublisher } from '@lorawatch/processes/realtime-publisher';
import type { StartSummary } from '@lorawatch/processes/start-banner';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { RealtimeGateway } from '@lorawatch/realtime/realtime.gateway';
import { Demo } from './demo';

/**
 * Starts the standalone process in order: read models catch up, seeds run, detectors and collectors start,
 * then the demo network (if on). /health turns ready at the end.
 */
@Injectable()
export class Runtime implements OnApplicationShutdown, ProcessRuntime {
  private readonly logger = new Logger('Runtime');
  private state: 'starting' | 'ready' | 'stopping' = 'starting';
  readonly projections: ProjectionRunner;
  private readonly detection: DetectionRunner;
  private readonly keyAudit: KeyAuditRunner;
  private readonly policies: PolicyProvider;
  private readonly appKeys: OrganizationAppKeys;
  private readonly collectors: CollectorSupervisor;
  private demo: Demo | null = null;
  /** What the start-up banner tells the person who started the console. */
  summary: StartSummary = { admin: null, demo: null };

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PACKET_LOG) private readonly packets: PacketLog,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly commands: CommandBus,
    private readonly bootstrapAdmin: BootstrapAdmin,
    private readonly seedPolicy: SeedDefaultPolicy,
    private readonly realtime: RealtimeGateway,
    private readonly issueTracker: IssueTracker,
    private readonly notifications: NotificationsWorker,
    private readonly dashboard: DashboardWorker,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.projections = new ProjectionRunner(events, store, PROJECTIONS_IN_ORDER);
    this.policies = new PolicyProvider(store);
    this.detection = new DetectionRunner(packets, events, store, this.policies, metrics, {
      tickIntervalMs: config.detectorTickSeconds * 1000,
      clock,
    });
    this.appKeys = new OrganizationAppKeys(store);
    this.keyAudit = new KeyAuditRunner({
      packets,
      events,
      store,
      policies: this.policies,
      organizationKeys: this.appKeys,
      metrics,
      threads: config.keyAuditThreads,
      queueLimit: config.keyAuditQueueLimit,
    });
    this.collectors = new CollectorSupervisor(
      events,
      packets,
      commands,
      new SecretBox(config.secretKey),
      metrics,
    );
  }

  status() {
    return processStatus(this.state, { projections: this.projections.positions() });
  }

  /** Waits until the read models have applied every event recorded so far, for at most `timeoutMs`. */
  async settled(timeoutMs = 5000): Promise<void> {
    await within(this.projections.caughtUp(), timeoutMs);
  }

  async refreshGauges(): Promise<void> {
    await refreshProjectionLag(this.events, this.metrics, this.projections.positions());
    await refreshConsumerLag(this.packets, this.store, this.metrics);
  }

  /** Called once the Nest application is initialised (command handlers registered), before it listens. */
  async start(): Promise<void> {
    const started = Date.now();
    const publisher = new RealtimePublisher(this.store, this.realtime);
    this.realtime.track(
      this.projections.updates$.subscribe((update) => {
        this.metrics.projectionPosition.set({ projection: update.projection }, update.event.position);
        // While catching up at start nobody is connected yet: the reads behind these messages would reach no one.
        if (this.state !== 'ready') return;
        publisher.publishUpdate(update).catch((error: unknown) => this.logger.warn(String(error)));
      }),
    );
    this.realtime.track(
      this.projections.updates$
        .pipe(filter((update) => update.projection === 'policies' || update.projection === 'data_sources'))
        .subscribe(() => this.policies.invalidate()),
    );
    this.realtime.track(
      this.projections.updates$
        .pipe(filter((update) => update.projection === APP_KEYS_PROJECTION))
        .subscribe(() => this.appKeys.invalidate()),
    );
    await this.projections.start();
    await this.projections.caughtUp();
    await this.seedPolicy.run();
    const admin = await this.bootstrapAdmin.run();
    await this.projections.caughtUp();
    await this.issueTracker.start();
    this.detection.start();
    this.keyAudit.start();
    await this.notifications.start();
    await this.dashboard.start();
    await this.collectors.start();
    if (await this.demoWanted()) {
      this.demo = new Demo(this.config, this.commands, this.store);
      this.summary.demo = await this.demo.start(admin.organizationId);
    }
    this.summary.admin =
      admin.created && admin.username !== undefined
        ? { username: admin.username, generatedPassword: admin.generatedPassword ?? null }
        : null;
    this.state = 'ready';
    this.logger.log(`Ready in ${Date.now() - started} ms`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.state = 'stopping';
    await this.demo?.stop();
    await this.collectors.stop();
    await this.detection.stop();
    await this.keyAudit.stop();
    await this.notifications.stop();
    await this.dashboard.stop();
    await this.issueTracker.stop();
    await this.projections.stop();
  }

  /** DEMO=1 forces it, DEMO=0 turns it off; unset, it runs while no data source other than the demo's exists. */
  private async demoWanted(): Promise<boolean> {
    if (this.config.demo !== 'auto') return this.config.demo === 'on';
    const sources = await this.store.collection<DataSourceView>(DATA_SOURCES).find({ deleted: false });
    return sources.every((source) => Demo.isDemoSource(source, this.config));
  }
}
