import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DashboardWorker } from '@lorawatch/dashboard/dashboard.worker';
import { EventChainer } from '@lorawatch/event-store/chain/event-chainer';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { ENGINES } from '@lorawatch/engines/engines.module';
import type { Engines } from '@lorawatch/engines/open-engines';
import { IssueTracker } from '@lorawatch/issues/tracker/issue-tracker';
import { NotificationsWorker } from '@lorawatch/notifications/notifications.worker';
import { Metrics } from '@lorawatch/ops/metrics';
import { alertsProjection } from '@lorawatch/alerts/projection/alerts.projection';
import { AppliedWatch } from '@lorawatch/projections/applied-watch';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { refreshProjectionLag } from '../gauges';
import { processStatus, within, type ProcessRuntime, type ProcessState } from '../process-runtime';
import { recordProjectorPosition } from '../projector-progress';
import { PROJECTIONS_IN_ORDER } from '../read-models';

/**
 * The projector: the one writer of the read models. Runs every projection from its checkpoint, then the workers
 * that follow the events once (issue tracker, notifications dispatch, dashboard traffic counters). Run ONE
 * projector per deployment: two would each apply every event.
 */
@Injectable()
export class ProjectorRuntime implements ProcessRuntime, OnApplicationShutdown {
  private readonly logger = new Logger('Projector');
  private state: ProcessState = 'starting';
  private readonly projections: ProjectionRunner;
  private stopRecording: (() => Promise<void>) | null = null;
  private chainer: EventChainer | null = null;
  private alertsApplied: AppliedWatch | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly metrics: Metrics,
    private readonly issueTracker: IssueTracker,
    private readonly notifications: NotificationsWorker,
    private readonly dashboard: DashboardWorker,
    @Inject(ENGINES) private readonly engines: Engines,
  ) {
    this.projections = new ProjectionRunner(events, store, PROJECTIONS_IN_ORDER, {
      health: metrics.consumers,
    });
  }

  async start(): Promise<void> {
    const started = Date.now();
    await this.projections.start();
    this.stopRecording = recordProjectorPosition(this.store, () => this.projections.positions());
    await this.projections.caughtUp();
    await this.issueTracker.start();
    this.alertsApplied = new AppliedWatch(this.projections, alertsProjection.name);
    await this.notifications.start(this.alertsApplied);
    await this.dashboard.start();
    // A server event store is chained after the fact, by the one projector (docs/architecture.md §10).
    const chain = this.engines.chain;
    if (chain) {
      this.chainer = new EventChainer(chain.store, chain.links, {
        onError: (error) => this.logger.error(`The event chain stopped: ${String(error)}`),
      });
      await this.chainer.start();
    }
    this.state = 'ready';
    this.logger.log(`Ready in ${Date.now() - started} ms`);
  }

  status() {
    return processStatus(this.state, { projections: this.projections.positions() });
  }

  async settled(timeoutMs = 5000): Promise<void> {
    await within(this.projections.caughtUp(), timeoutMs);
  }

  async refreshGauges(): Promise<void> {
    await refreshProjectionLag(this.events, this.metrics, this.projections.positions());
  }

  async onApplicationShutdown(): Promise<void> {
    // The standalone console stops its parts in order first; Nest's own call then finds them stopped.
    if (this.state === 'stopping') return;
    this.state = 'stopping';
    await this.chainer?.stop();
    this.chainer = null;
    // A notification waiting for the alerts read model lets go before its worker is stopped.
    this.alertsApplied?.stop();
    this.alertsApplied = null;
    await this.notifications.stop();
    await this.dashboard.stop();
    await this.issueTracker.stop();
    await this.projections.stop();
    await this.stopRecording?.();
  }
}
