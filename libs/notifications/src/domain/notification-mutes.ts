import type { MuteKind, NotificationMute } from './notification-preferences.events';

/** The longest a mute lasts: a week. Longer silences belong in the notification preferences. */
export const MAX_MUTE_MINUTES = 7 * 24 * 60;

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

/** The running mutes with this one added, or extended/shortened when the same type or asset is muted already. */
export function withMute(
  mutes: readonly NotificationMute[] | undefined,
  kind: MuteKind,
  key: string,
  minutes: number,
  at: string,
): NotificationMute[] {
  const until = new Date(Date.parse(at) + minutes * 60_000).toISOString();
  const others = activeMutes(mutes, at).filter((mute) => mute.kind !== kind || mute.key !== key);
  return [...others, { kind, key, until }];
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
