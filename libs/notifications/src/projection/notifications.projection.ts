import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { afterAttempt, evolveNotification, notificationEvolver } from '../domain/notification';
import { NotificationEventTypes, type NotificationEventPayloads } from '../domain/notification.events';
import { NOTIFICATIONS, type NotificationView } from './notification.view';
import { recordedOf } from '@lorawatch/event-store/typed-events';

export const notificationsProjection: Projection = {
  name: 'notifications',
  collections: [NOTIFICATIONS],
  eventTypes: Object.values(NotificationEventTypes),
  async project(recorded: RecordedEvent, store: ReadStore): Promise<WriteOp[]> {
    const event = recordedOf<NotificationEventPayloads>(recorded);
    const collection = NOTIFICATIONS.name;
    switch (event.type) {
      case NotificationEventTypes.Created: {
        const created = event.data;
        const state = evolveNotification(notificationEvolver.initial, event);
        const doc: NotificationView = {
          id: created.notificationId,
          numericId: event.position,
          userId: created.userId,
          organizationId: created.organizationId,
          alertId: created.alertId,
          createdAt: created.createdAt,
          readAt: null,
          push: created.push,
          deliveries: state.deliveries,
          pending: state.deliveries.length > 0,
        };
        return [{ op: 'upsert', collection, doc }];
      }
      case NotificationEventTypes.DeliveryAttempted: {
        const attempted = event.data;
        const view = await store.collection<NotificationView>(NOTIFICATIONS).get(attempted.notificationId);
        // Attempts may still finish after the user deleted the notification.
        if (!view) return [];
        const deliveries = view.deliveries.map((d) => afterAttempt(d, attempted));
        const pending = deliveries.some((d) => d.status === 'pending');
        return [{ op: 'patch', collection, id: view.id, set: { deliveries, pending } }];
      }
      case NotificationEventTypes.ReadChanged: {
        const changed = event.data;
        const view = await store.collection<NotificationView>(NOTIFICATIONS).get(changed.notificationId);
        return view ? [{ op: 'patch', collection, id: view.id, set: { readAt: changed.readAt } }] : [];
      }
      case NotificationEventTypes.Deleted:
        return [{ op: 'delete', collection, id: event.data.notificationId }];
      default:
        return [];
    }
  },
};
