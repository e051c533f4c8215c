import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Announcements, ProjectionAnnouncer } from '@lorawatch/projections/announcer';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { isNotificationEvent, NotificationEventTypes } from '../domain/notification.events';
import { notificationJson } from './notification.json';
import { NOTIFICATIONS, type NotificationView } from './notification.view';
import { notificationsProjection } from './notifications.projection';
import { loadNotifiedAlert } from './notified-alert';

/**
 * `new_notification` to its user, once the notifications read model has it: the dispatcher runs with the projector,
 * which has no websocket, so the api announces what it created.
 */
export function notificationsAnnouncer(): ProjectionAnnouncer {
  return {
    projection: notificationsProjection.name,
    async announce(event: RecordedEvent, store: ReadStore, out: Announcements): Promise<void> {
      if (!isNotificationEvent(event, NotificationEventTypes.Created)) return;
      const created = event.data;
      if (!created.push) return;
      const view = await store.collection<NotificationView>(NOTIFICATIONS).get(created.notificationId);
      if (!view) return;
      out.newNotification(
        created.userId,
        notificationJson(view, await loadNotifiedAlert(store, created.alertId)),
      );
    },
  };
}
