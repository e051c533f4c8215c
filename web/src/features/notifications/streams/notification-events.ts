import { filter, map, type Observable } from 'rxjs';
import type { RealtimeEvents } from '../../../lib/realtime';
import type { NotificationItem } from '../types/notifications';

export const NEW_NOTIFICATION_EVENT = 'new_notification';

/** Validates a `new_notification` payload; anything without an id and a creation date is dropped. */
export function parseNotification(payload: unknown): NotificationItem | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const item = payload as Partial<NotificationItem>;
  if (typeof item.id !== 'number' || typeof item.createdAt !== 'string') return null;
  return {
    id: item.id,
    type: typeof item.type === 'string' ? item.type : 'NEW_ALERT',
    createdAt: item.createdAt,
    readAt: typeof item.readAt === 'string' ? item.readAt : null,
    alertId: typeof item.alertId === 'number' ? item.alertId : null,
    alert: item.alert ?? null,
    alertType: item.alertType ?? null,
    notificationSource: typeof item.notificationSource === 'string' ? item.notificationSource : 'push',
    notificationState: item.notificationState ?? null,
  };
}

export function newNotifications$(realtime: RealtimeEvents): Observable<NotificationItem> {
  return realtime.on(NEW_NOTIFICATION_EVENT).pipe(
    map(parseNotification),
    filter((item): item is NotificationItem => item !== null),
  );
}
