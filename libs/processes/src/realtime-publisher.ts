import { ALERTS, type AlertView } from '@lorawatch/alerts/projection/alert.view';
import { alertsProjection } from '@lorawatch/alerts/projection/alerts.projection';
import { alertJson } from '@lorawatch/alerts/queries/alert.json';
import { AlertEventTypes, type AlertRaised } from '@lorawatch/alerts/alert.events';
import { dataSourceJson } from '@lorawatch/data-sources/projection/data-source.json';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { dataSourcesProjection } from '@lorawatch/data-sources/projection/data-sources.projection';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import {
  NotificationEventTypes,
  type NotificationCreated,
} from '@lorawatch/notifications/domain/notification.events';
import { notificationJson } from '@lorawatch/notifications/projection/notification.json';
import { NOTIFICATIONS, type NotificationView } from '@lorawatch/notifications/projection/notification.view';
import { notificationsProjection } from '@lorawatch/notifications/projection/notifications.projection';
import { loadNotifiedAlert } from '@lorawatch/notifications/projection/notified-alert';
import { IssueEventTypes, type IssueOpened } from '@lorawatch/domain/issue.events';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { POLICIES, type PolicyView } from '@lorawatch/policies/policy.view';
import type { RealtimeGateway } from '@lorawatch/realtime/realtime.gateway';

/**
 * Turns committed read-model changes into websocket messages for the organization concerned:
 * `projection_updated` (screens reload what changed), `new_alert` and `updated_data_collector`.
 */
export class RealtimePublisher {
  /** Alerts announced lately: a followed event and its issue may both point at one alert. */
  private readonly announced = new Set<string>();

  constructor(
    private readonly store: ReadStore,
    private readonly realtime: RealtimeGateway,
  ) {}

  /**
   * The projector committed `event` into `projection`'s read model (its checkpoint passed the event), in another
   * thread or process: the writes themselves are not known here, so the projection's declared collections stand
   * for them, and the alert an event may have made visible is read back.
   */
  async publishFollowed(projection: Projection, event: RecordedEvent): Promise<void> {
    const organizationId = event.metadata.organizationId;
    if (organizationId === null) return;
    this.projectionUpdated(
      organizationId,
      projection.name,
      event,
      projection.collections.map((collection) => collection.name),
    );
    if (projection.name === alertsProjection.name) {
      const alertId =
        event.type === AlertEventTypes.Raised
          ? (event.data as AlertRaised).id
          : event.type === IssueEventTypes.Opened
            ? (event.data as IssueOpened).alertId
            : null;
      if (alertId !== null) await this.announceAlert(organizationId, alertId);
    } else if (projection.name === dataSourcesProjection.name) {
      await this.announceDataSource(organizationId, event);
    } else if (
      projection.name === notificationsProjection.name &&
      event.type === NotificationEventTypes.Created
    ) {
      await this.announceNotification(event.data as NotificationCreated);
    }
  }

  /** The notifications worker runs with the projector, which has no websocket: the api announces what it created. */
  private async announceNotification(created: NotificationCreated): Promise<void> {
    if (!created.push) return;
    const view = await this.store.collection<NotificationView>(NOTIFICATIONS).get(created.notificationId);
    if (!view) return;
    const alert = await loadNotifiedAlert(this.store, created.alertId);
    this.realtime.emitToUser(created.userId, 'new_notification', notificationJson(view, alert));
  }

  private projectionUpdated(
    organizationId: number,
    projection: string,
    event: RecordedEvent,
    collections: string[],
  ): void {
    this.realtime.projectionUpdated({
      projection,
      organization_id: organizationId,
      position: event.position,
      collections: [...new Set(collections)].sort(),
    });
  }

  private async announceAlert(organizationId: number, alertId: string): Promise<void> {
    if (this.announced.has(alertId)) return;
    const alert = await this.store.collection<AlertView>(ALERTS).get(alertId);
    // Issue types stay hidden until their issue opens; that event announces them.
    if (!alert || !alert.show) return;
    this.announced.add(alertId);
    if (this.announced.size > 10_000) this.announced.delete(this.announced.values().next().value as string);
    const source = await this.store.collection<DataSourceView>(DATA_SOURCES).get(String(alert.dataSourceId));
    this.realtime.emitToOrganization(organizationId, 'new_alert', {
      alert_id: alert.numericId,
      alert: alertJson(alert, source?.name ?? null, true),
    });
  }

  private async announceDataSource(organizationId: number, event: RecordedEvent): Promise<void> {
    const dataSourceId = (event.data as { dataSourceId: number }).dataSourceId;
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
