import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { activeMutes } from '../../domain/notification-mutes';
import type { NotificationMute } from '../../domain/notification-preferences.events';
import { NOTIFICATION_PREFERENCES, type PreferencesView } from '../../projection/preferences.view';

/** The caller's mutes still running at `now`. */
export async function listMutes(store: ReadStore, caller: AuthUser, now: Date): Promise<NotificationMute[]> {
  const saved = await store.collection<PreferencesView>(NOTIFICATION_PREFERENCES).get(String(caller.userId));
  return activeMutes(saved?.mutes, now.toISOString());
}
