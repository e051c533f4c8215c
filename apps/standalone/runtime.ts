import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { filter } from 'rxjs';
import { BootstrapAdmin } from '@lorawatch/accounts/commands/bootstrap-admin/bootstrap-admin';
import { accountsProjection } from '@lorawatch/accounts/projection/accounts.projection';
import { alertsProjection, newlyVisibleAlertId } from '@lorawatch/alerts/projection/alerts.projection';
import { appKeysProjection, APP_KEYS_PROJECTION } from '@lorawatch/app-keys/projection/app-keys.projection';
import { OrganizationAppKeys } from '@lorawatch/app-keys/projection/organization-app-keys';
import { assetsProjections } from '@lorawatch/assets/assets.projections';
import { ALERTS, type AlertView } from '@lorawatch/alerts/projection/alert.view';
import { alertJson } from '@lorawatch/alerts/queries/alert.json';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { dashboardProjections } from '@lorawatch/dashboard/dashboard.projections';
import { DashboardWorker } from '@lorawatch/dashboard/dashboard.worker';
import { CollectorSupervisor } from '@lorawatch/data-sources/collection/collector-supervisor';
import { dataSourceJson } from '@lorawatch/data-sources/projection/data-source.json';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/data-sources/projection/data-source.view';
import { dataSourceLogProjection } from '@lorawatch/data-sources/projection/data-source-log.projection';
import { dataSourcesProjection } from '@lorawatch/data-sources/projection/data-sources.projection';
import { DetectionRunner, detectorCheckpoint } from '@lorawatch/detection/detection-runner';
import { KeyAuditRunner, keyAuditCheckpoint } from '@lorawatch/detection/key-audit-runner';
import { PolicyProvider } from '@lorawatch/detection/policy-provider';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { issuesProjection } from '@lorawatch/issues/projection/issues.projection';
import { IssueTracker } from '@lorawatch/issues/tracker/issue-tracker';
import { notificationsProjections } from '@lorawatch/notifications/notifications.projections';
import { NotificationsWorker } from '@lorawatch/notifications/notifications.worker';
import { Metrics } from '@lorawatch/ops/metrics';
import type { Readiness } from '@lorawatch/ops/readiness';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { policiesProjection } from '@lorawatch/policies/policies.projection';
import { POLICIES, type PolicyView } from '@lorawatch/policies/policy.view';
import { SeedDefaultPolicy } from '@lorawatch/policies/seed-default-policy';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import type { ProjectionUpdate } from '@lorawatch/projections/projection';
import type { ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { RealtimeGateway } from '@lorawatch/realtime/realtime.gateway';
import { tagsProjections } from '@lorawatch/tags/tags.projections';
import { Demo } from './demo';

export const PROJECTIONS_IN_ORDER = [
  accountsProjection,
  policiesProjection,
  dataSourcesProjection,
  dataSourceLogProjection,
  alertsProjection,
  issuesProjection,
  appKeysProjection,
  ...assetsProjections,
  ...tagsProjections,
  ...notificationsProjections,
  ...dashboardProjections,
];

/**
 * Starts the standalone process in order: read models catch up, seeds run, detectors and collectors start,
 * then the demo network (if on). /health turns ready at the end.
 */
@Injectable()
export class Runtime implements OnApplicationShutdown, Readiness, ReadModelSync {
  private readonly logger = new Logger('Runtime');
  private state: 'starting' | 'ready' | 'stopping' = 'starting';
  readonly projections: ProjectionRunner;
  private readonly detection: DetectionRunner;
  private readonly keyAudit: KeyAuditRunner;
  private readonly policies: PolicyProvider;
  private readonly appKeys: OrganizationAppKeys;
  private readonly collectors: CollectorSupervisor;
  private demo: Demo | null = null;

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
    return {
      ready: this.state === 'ready',
      status: this.state,
      details: { projections: this.projections.positions() },
    };
  }

  /** Waits until the read models have applied every event recorded so far, for at most `timeoutMs`. */
  async settled(timeoutMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([this.projections.caughtUp(), timeout]);
    clearTimeout(timer);
  }

  async refreshGauges(): Promise<void> {
    this.metrics.eventStoreHead.set(await this.events.headPosition());
    const ends = await this.packets.endOffsets();
    for (const [partition, end] of ends.entries()) {
      const next = await this.store.checkpoint(detectorCheckpoint(partition));
      this.metrics.detectorLag.set({ partition: String(partition) }, end - next);
      const audited = await this.store.checkpoint(keyAuditCheckpoint(partition));
      this.metrics.keyAuditLag.set({ partition: String(partition) }, end - audited);
    }
  }

  /** Called once the Nest application is initialised (command handlers registered), before it listens. */
  async start(): Promise<void> {
    const started = Date.now();
    this.realtime.track(this.projections.updates$.subscribe((update) => void this.publish(update)));
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
      await this.demo.start(admin.organizationId);
    }
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

  private async publish(update: ProjectionUpdate): Promise<void> {
    this.metrics.projectionPosition.set({ projection: update.projection }, update.event.position);
    const organizationId = update.event.metadata.organizationId;
    // While catching up at start nobody is connected yet: the reads behind these messages would reach no one.
    if (organizationId === null || this.state === 'stopping' || this.state === 'starting') return;
    // Dashboards, counts and tables reload on this instead of polling; events that changed nothing say nothing.
    if (update.ops.length > 0) {
      this.realtime.projectionUpdated({
        projection: update.projection,
        organization_id: organizationId,
        position: update.event.position,
        collections: [...new Set(update.ops.map((op) => op.collection))].sort(),
      });
    }
    if (update.projection === 'alerts') {
      const alertId = newlyVisibleAlertId(update);
      if (alertId === null) return;
      const alert = await this.store.collection<AlertView>(ALERTS).get(alertId);
      if (!alert) return;
      const source = await this.store
        .collection<DataSourceView>(DATA_SOURCES)
        .get(String(alert.dataSourceId));
      this.realtime.emitToOrganization(organizationId, 'new_alert', {
        alert_id: alert.numericId,
        alert: alertJson(alert, source?.name ?? null, true),
      });
    } else if (update.projection === 'data_sources') {
      const dataSourceId = (update.event.data as { dataSourceId: number }).dataSourceId;
      const source = await this.store.collection<DataSourceView>(DATA_SOURCES).get(String(dataSourceId));
      if (!source) return;
      const policy = await this.store.collection<PolicyView>(POLICIES).get(String(source.policyId));
      this.realtime.emitToOrganization(
        organizationId,
        'updated_data_collector',
        dataSourceJson(source, policy?.name ?? null),
      );
    }
  }
}
