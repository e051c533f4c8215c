import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { Forbidden, NotFound } from '@lorawatch/platform/domain-errors';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { NOTIFICATIONS, type NotificationView } from '../../projection/notification.view';

/**
 * The caller's notification with the API id `id`. Another user's of the same organisation is a silent Forbidden (the
 * original's 403 `null`); one of another organisation, like a missing one, is NotFound (its existence is not theirs
 * to learn).
 */
export async function ownNotification(
  store: ReadStore,
  user: AuthUser,
  id: string,
): Promise<NotificationView> {
  const numericId = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(numericId)) throw new NotFound();
  const [view] = await store.collection<NotificationView>(NOTIFICATIONS).find({ numericId }, { limit: 1 });
  if (!view || view.organizationId !== user.organizationId) throw new NotFound();
  if (view.userId !== user.userId) throw new Forbidden('forbidden access', { silent: true });
  return view;
}
