import { Inject, Injectable, Logger } from '@nestjs/common';
import { USERS, type UserView } from '@lorawatch/domain/user.view';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { deviceNumericId, gatewayNumericId } from '@lorawatch/domain/asset-id';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
} from '@lorawatch/event-store/event-store.port';
import { SupervisedSubscription } from '@lorawatch/event-store/supervised-subscription';
import { MAILER, type Mailer } from '@lorawatch/mail/mailer.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import { EgressPolicy } from '@lorawatch/platform/egress/egress-policy';
import { egressRulesOf } from '@lorawatch/platform/egress/egress-rules';
import { EventStoreTenancy } from '@lorawatch/platform/egress/event-store-tenancy';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { Metrics } from '@lorawatch/ops/metrics';
import { CheckpointFencedError, READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { defaultPreferences } from './domain/notification-preferences';
import { notificationEvolver, type NotificationState } from './domain/notification';
import {
  NotificationEventTypes,
  notificationStream,
  type NotificationCreated,
} from './domain/notification.events';
import { DeliveryScheduler } from './dispatch/delivery-scheduler';
import { DeliverySender } from './dispatch/delivery-sender';
import { planNotification } from './dispatch/notification-planner';
import { VISIBILITY_EVENT_TYPES, alertMadeVisible } from './dispatch/visible-alert';
import type { AlertsApplied } from './ports/alerts-applied.port';
import { ASSET_LABELS, type AssetLabels } from './ports/asset-labels.port';
import { NOTIFICATIONS, type NotificationView } from './projection/notification.view';
import { NOTIFICATION_PREFERENCES, type PreferencesView } from './projection/preferences.view';

export const NOTIFICATIONS_CHECKPOINT = 'notifications-dispatcher';
const ACTOR = 'notifications';

/**
 * Process manager of notifications (docs/api.md §9, "Delivery rules"). It follows the event store from its own
 * checkpoint; for each alert that becomes visible it creates one notification per interested user of the
 * organisation (ids derived from alert and user, so re-handling an event after a crash changes nothing), then hands
 * the mail and webhook deliveries to the scheduler and tells the user's sockets. The runtime starts it once the
 * read models caught up, with the alerts projection's commits to wait on (an alert is rendered as that read model
 * shows it).
 */
@Injectable()
export class NotificationsWorker {
  private readonly logger = new Logger('Notifications');
  private readonly secrets: SecretBox;
  private scheduler: DeliveryScheduler | null = null;
  private subscription: SupervisedSubscription | null = null;
  /** The checkpoint as this worker last read or wrote it: its commits are fenced on it. */
  private committed = 0;
  private tenancy: EventStoreTenancy | null = null;
  private alerts: AlertsApplied | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ASSET_LABELS) private readonly labels: AssetLabels,
    private readonly metrics: Metrics,
  ) {
    this.secrets = new SecretBox(config.secretKey);
  }

  /** `alerts`: what to wait on for the alerts read model; a restart keeps the one it was first given. */
  async start(alerts: AlertsApplied | null = this.alerts): Promise<void> {
    if (!alerts) throw new Error('The notifications worker needs the alerts read model to wait on');
    this.alerts = alerts;
    this.tenancy = new EventStoreTenancy(this.events);
    const egress = new EgressPolicy(egressRulesOf(this.config), this.tenancy);
    const sender = new DeliverySender(this.store, this.mailer, this.secrets, this.config.publicUrl, egress);
    this.scheduler = new DeliveryScheduler(this.events, sender, this.clock);
    for (const view of await this.store.collection<NotificationView>(NOTIFICATIONS).find({ pending: true }))
      this.scheduler.resume(await this.load(view.id));
    // Restarted with back-off from the stored checkpoint when an event cannot be handled (reported on /health);
    // a fenced commit (another dispatcher moved on) reads on from there too.
    this.subscription = await SupervisedSubscription.start(
      this.events,
      async () => {
        this.committed = await this.store.checkpoint(NOTIFICATIONS_CHECKPOINT);
        return { after: this.committed, types: VISIBILITY_EVENT_TYPES };
      },
      (event) => this.handle(event),
      {
        name: NOTIFICATIONS_CHECKPOINT,
        health: this.metrics.consumers,
        refused: (error) => error instanceof CheckpointFencedError,
      },
    );
  }

  /** Resolves once every visibility event recorded so far is handled and every delivery is settled. */
  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
    await this.scheduler?.idle();
  }

  /** The runtime stops the alerts watch first, so that a handler waiting on it lets go. */
  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    await this.scheduler?.stop();
    this.scheduler = null;
    await this.tenancy?.stop();
    this.tenancy = null;
  }

  private async handle(event: RecordedEvent): Promise<void> {
    const alertId = alertMadeVisible(event);
    if (alertId !== null) {
      // Rendering and matching read the alert as the alerts read model has it once this very event is applied.
      if (!(await this.alerts?.reached(event.position))) return;
      const alert = await this.store.collection<AlertView>(ALERTS).get(alertId);
      if (alert && alert.show !== false) await this.notify(alert, event);
    }
    try {
      await this.store.commit([], {
        name: NOTIFICATIONS_CHECKPOINT,
        position: event.position,
        expected: this.committed,
      });
    } catch (error) {
      if (error instanceof CheckpointFencedError)
        this.metrics.consumers.fenced(NOTIFICATIONS_CHECKPOINT, `position ${event.position}`, error);
      throw error;
    }
    this.committed = event.position;
  }

  private async notify(alert: AlertView, cause: RecordedEvent): Promise<void> {
    const asset = await this.labels.assetOf(alert);
    const facts = {
      organizationId: alert.organizationId,
      risk: alert.risk,
      dataSourceId: alert.dataSourceId,
      ...asset,
      code: alert.code,
      deviceId: deviceNumericId(alert.dataSourceId, alert.devEui, alert.devAddr),
      gatewayId: gatewayNumericId(alert.dataSourceId, alert.gateway),
    };
    const users = await this.store
      .collection<UserView>(USERS)
      .find({ organizationId: alert.organizationId }, { sort: [['userId', 'asc']] });
    const preferences = this.store.collection<PreferencesView>(NOTIFICATION_PREFERENCES);
    for (const user of users) {
      const saved = await preferences.get(String(user.userId));
      const planned = planNotification(
        alert.id,
        facts,
        user,
        saved ?? defaultPreferences(),
        cause.recordedAt,
      );
      if (planned) await this.create(planned, cause);
    }
  }

  private async create(planned: NotificationCreated, cause: RecordedEvent): Promise<void> {
    const stream = notificationStream(planned.notificationId);
    const event = envelope(
      NotificationEventTypes.Created,
      planned,
      {
        organizationId: planned.organizationId,
        actor: ACTOR,
        correlationId: planned.alertId,
        causationId: cause.id,
      },
      planned.createdAt,
      deterministicUuid(`notification-created:${planned.notificationId}`),
    );
    try {
      await this.events.append(stream, [event], 'no_stream');
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    const recorded = await this.events.readStream(stream);
    const state = recorded.reduce(notificationEvolver.evolve, notificationEvolver.initial);
    if (!state.created || state.deleted) return;
    this.scheduler?.resume(state);
    // The api's realtime publisher announces it (new_notification) once the notifications read model has it.
  }

  private async load(notificationId: string): Promise<NotificationState> {
    const recorded = await this.events.readStream(notificationStream(notificationId));
    return recorded.reduce(notificationEvolver.evolve, notificationEvolver.initial);
  }
}
