import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { PageQuery } from '@lorawatch/platform/query-params';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { notificationJson } from '../../projection/notification.json';
import { NOTIFICATIONS, type NotificationView } from '../../projection/notification.view';
import { loadNotifiedAlert } from '../../projection/notified-alert';

/**
 * One page of the caller's own notifications, newest first, with the total count and the number of pages
 * (docs/api.md §9, §1.6 A).
 */
export async function listNotifications(store: ReadStore, caller: AuthUser, query: PageQuery) {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const filter = { userId: caller.userId, organizationId: caller.organizationId };
  const notifications = store.collection<NotificationView>(NOTIFICATIONS);
  const [views, total] = await Promise.all([
    notifications.find(filter, { sort: [['numericId', 'desc']], skip: (page - 1) * size, limit: size }),
    notifications.count(filter),
  ]);
  const items = await Promise.all(
    views.map(async (view) => notificationJson(view, await loadNotifiedAlert(store, view.alertId))),
  );
  return { items, total, pages: Math.ceil(total / size) };
}
