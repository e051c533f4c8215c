import type { MuteKind, NotificationMute } from './notification-preferences.events';

/** The longest a mute lasts: a week. Longer silences belong in the notification preferences. */
export const MAX_MUTE_MINUTES = 7 * 24 * 60;

/** The longest name a mute keeps for its device or gateway. */
export const MAX_MUTE_LABEL = 120;

/** What a mute is compared with in an alert. */
export interface MutedFacts {
  code: string;
  /** API ids of the alert's device and gateway; null when it names none. */
  deviceId: number | null;
  gatewayId: number | null;
}

/** The mutes still running at `at`. */
export function activeMutes(mutes: readonly NotificationMute[] | undefined, at: string): NotificationMute[] {
  const now = Date.parse(at);
  return (mutes ?? []).filter((mute) => Date.parse(mute.until) > now);
}

/** Whether a mute running at `at` silences the alert. */
export function isMuted(
  mutes: readonly NotificationMute[] | undefined,
  alert: MutedFacts,
  at: string,
): boolean {
  return activeMutes(mutes, at).some(
    (mute) =>
      (mute.kind === 'type' && mute.key === alert.code) ||
      (mute.kind === 'device' && alert.deviceId !== null && mute.key === String(alert.deviceId)) ||
      (mute.kind === 'gateway' && alert.gatewayId !== null && mute.key === String(alert.gatewayId)),
  );
}

/**
 * The running mutes with this one added, or extended/shortened when the same type or asset is muted already.
 * `label` names the type, device or gateway as the console showed it (kept from an earlier mute when not given again).
 */
export function withMute(
  mutes: readonly NotificationMute[] | undefined,
  kind: MuteKind,
  key: string,
  minutes: number,
  at: string,
  label?: string,
): NotificationMute[] {
  const until = new Date(Date.parse(at) + minutes * 60_000).toISOString();
  const running = activeMutes(mutes, at);
  const same = (mute: NotificationMute) => mute.kind === kind && mute.key === key;
  const name = label ?? running.find(same)?.label;
  const others = running.filter((mute) => !same(mute));
  return [...others, name === undefined ? { kind, key, until } : { kind, key, until, label: name }];
}

/** The running mutes without this one. */
export function withoutMute(
  mutes: readonly NotificationMute[] | undefined,
  kind: MuteKind,
  key: string,
  at: string,
): NotificationMute[] {
  return activeMutes(mutes, at).filter((mute) => mute.kind !== kind || mute.key !== key);
}
