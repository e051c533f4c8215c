import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { NOTIFICATIONS, type NotificationView } from '../../projection/notification.view';

/** The count of the caller's unread notifications, the bell's badge (docs/api.md §9). */
export async function countNotifications(store: ReadStore, caller: AuthUser): Promise<{ count: number }> {
  const count = await store
    .collection<NotificationView>(NOTIFICATIONS)
    .count({ userId: caller.userId, organizationId: caller.organizationId, readAt: null });
  return { count };
}
