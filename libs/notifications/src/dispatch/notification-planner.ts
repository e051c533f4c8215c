import type { UserView } from '@lorawatch/domain/user.view';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import { wantsAlert, type AlertFacts } from '../domain/alert-match';
import { isMuted, type MutedFacts } from '../domain/notification-mutes';
import type { PreferencesState } from '../domain/notification-preferences';
import type { NotificationCreated, PlannedDelivery } from '../domain/notification.events';

const SYSTEM_ROLE = 9;

export const notificationIdOf = (alertId: string, userId: number): string =>
  deterministicUuid(`notification:${alertId}:${userId}`);

/**
 * The notification one user gets for one visible alert, or null: the user must be active and not the System
 * account, want the alert (risk, data source, importance, labels) and have a channel on. Email goes to the user's
 * own address and every proven extra address; webhooks to every extra URL. Nothing while the user has the alert's
 * type or asset muted.
 */
export function planNotification(
  alertId: string,
  facts: AlertFacts & MutedFacts,
  user: UserView,
  preferences: PreferencesState,
  createdAt: string,
): NotificationCreated | null {
  if (!user.active || user.blocked || user.deleted) return null;
  if (user.roles.includes(SYSTEM_ROLE) || user.organizationId !== facts.organizationId) return null;
  if (!wantsAlert(preferences, facts)) return null;
  // A muted type or asset gets no notification at all while the mute runs: no entry, no push, no mail.
  if (isMuted(preferences.mutes, facts, createdAt)) return null;
  const notificationId = notificationIdOf(alertId, user.userId);
  const deliveries: PlannedDelivery[] = [];
  const plan = (channel: PlannedDelivery['channel'], target: string, destinationId: number | null) =>
    deliveries.push({
      deliveryId: deterministicUuid(
        `delivery:${notificationId}:${channel}:${destinationId ?? 'own'}:${target}`,
      ),
      channel,
      target,
      destinationId,
    });
  if (preferences.channels.email) {
    const seen = new Set<string>();
    const addresses: Array<[string, number | null]> = [
      ...(user.email ? [[user.email, null] as [string, null]] : []),
      ...preferences.destinations
        .filter((d) => d.kind === 'email' && d.active)
        .map((d): [string, number] => [d.value, d.destinationId]),
    ];
    for (const [address, destinationId] of addresses) {
      const key = address.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      plan('email', address, destinationId);
    }
  }
  if (preferences.channels.webhook) {
    for (const d of preferences.destinations.filter((d) => d.kind === 'webhook' && d.active))
      plan('webhook', d.value, d.destinationId);
  }
  const push = preferences.channels.push;
  if (!push && deliveries.length === 0) return null;
  return {
    notificationId,
    userId: user.userId,
    organizationId: facts.organizationId,
    alertId,
    createdAt,
    push,
    deliveries,
  };
}
