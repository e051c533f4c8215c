import type {
  AdditionalDestination,
  DestinationName,
  DestinationPreference,
  NotificationPreferences,
} from '../types/notifications';

/** Webhook URLs must be absolute http(s) URLs (docs/console.md §5: 'Enter a valid url.'). */
export function isValidUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function destinationOf(
  preferences: NotificationPreferences,
  name: DestinationName,
): DestinationPreference {
  return (
    preferences.destinations.find((entry) => entry.destination === name) ?? {
      destination: name,
      enabled: false,
    }
  );
}

function withDestination(
  preferences: NotificationPreferences,
  name: DestinationName,
  change: (entry: DestinationPreference) => DestinationPreference,
): NotificationPreferences {
  const exists = preferences.destinations.some((entry) => entry.destination === name);
  const destinations = exists
    ? preferences.destinations.map((entry) => (entry.destination === name ? change(entry) : entry))
    : [...preferences.destinations, change({ destination: name, enabled: false })];
  return { ...preferences, destinations };
}

/** SMS is never enabled (docs/console.md §9: forced disabled). */
export function setChannel(preferences: NotificationPreferences, name: DestinationName, enabled: boolean) {
  return withDestination(preferences, name, (entry) => ({
    ...entry,
    enabled: name === 'sms' ? false : enabled,
  }));
}

/** New extra destinations start inactive: the server mails (or texts) an activation link. */
export function addAdditional(
  preferences: NotificationPreferences,
  name: DestinationName,
  destination: AdditionalDestination,
): NotificationPreferences {
  return withDestination(preferences, name, (entry) => ({
    ...entry,
    additional: [...(entry.additional ?? []), { id: null, ...destination, active: false }],
  }));
}

export function removeAdditional(preferences: NotificationPreferences, name: DestinationName, index: number) {
  return withDestination(preferences, name, (entry) => ({
    ...entry,
    additional: (entry.additional ?? []).filter((_, position) => position !== index),
  }));
}

export function toggleDataSource(preferences: NotificationPreferences, id: number, enabled: boolean) {
  return {
    ...preferences,
    dataCollectors: preferences.dataCollectors.map((entry) =>
      entry.dataCollectorId === id ? { ...entry, enabled } : entry,
    ),
  };
}

/** What PUT receives: the GET shape, SMS forced off, each stored webhook secret kept unless retyped. */
export function toRequest(preferences: NotificationPreferences): NotificationPreferences {
  return {
    ...preferences,
    destinations: preferences.destinations.map((entry) => ({
      ...entry,
      enabled: entry.destination === 'sms' ? false : entry.enabled,
      additional: entry.additional?.map((extra) =>
        entry.destination === 'webhook' ? { ...extra, secret: extra.secret ? extra.secret : null } : extra,
      ),
    })),
  };
}
