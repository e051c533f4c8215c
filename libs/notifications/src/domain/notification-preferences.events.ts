import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/**
 * Events of a user's notification preferences (docs/api.md §9), on stream notification-preferences-<userId>.
 * Secrets arrive sealed (SecretBox) and activation tokens as their SHA-256 hash: the log never holds either in clear.
 */
export const PreferencesEventTypes = {
  Changed: 'NotificationPreferencesChanged',
  DestinationAdded: 'NotificationDestinationAdded',
  DestinationChanged: 'NotificationDestinationChanged',
  DestinationRemoved: 'NotificationDestinationRemoved',
  DestinationActivated: 'NotificationDestinationActivated',
  MutesChanged: 'NotificationMutesChanged',
} as const;

export const preferencesStream = (userId: number): string => `notification-preferences-${userId}`;

export const RISK_NAMES = ['high', 'medium', 'low', 'info'] as const;
export type RiskName = (typeof RISK_NAMES)[number];
export const IMPORTANCE_NAMES = ['high', 'medium', 'low'] as const;
export type ImportanceName = (typeof IMPORTANCE_NAMES)[number];
export const CHANNELS = ['sms', 'email', 'push', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The kinds of extra destinations: one per channel that takes a list of addresses. */
export type DestinationKind = 'email' | 'phone' | 'webhook';

export interface NotificationPreferencesChanged {
  userId: number;
  organizationId: number;
  risks: Record<RiskName, boolean>;
  importances: Record<ImportanceName, boolean>;
  /** Per data source id; a data source missing here is enabled (new ones notify by default). */
  dataSources: Record<string, boolean>;
  tagIds: number[];
  channels: Record<Channel, boolean>;
}

/** Added, or its address changed (then it is a new address to prove: inactive with a fresh token). */
export interface NotificationDestinationSet {
  userId: number;
  organizationId: number;
  destinationId: number;
  kind: DestinationKind;
  /** The email address, phone number or webhook URL. */
  value: string;
  /** Webhooks only: the signing secret, sealed; null = unsigned. */
  secretSealed: string | null;
  active: boolean;
  /** Email and phone: SHA-256 (hex) of the activation token and when it was issued. */
  tokenHash: string | null;
  tokenIssuedAt: string | null;
}

export interface NotificationDestinationRemoved {
  userId: number;
  organizationId: number;
  destinationId: number;
  kind: DestinationKind;
}

export interface NotificationDestinationActivated {
  userId: number;
  organizationId: number;
  destinationId: number;
  kind: DestinationKind;
  activatedAt: string;
}

/** What a mute silences: one alert type (by code), or the alerts of one device or gateway (by its API id). */
export const MUTE_KINDS = ['type', 'device', 'gateway'] as const;
export type MuteKind = (typeof MUTE_KINDS)[number];

export interface NotificationMute {
  kind: MuteKind;
  /** The alert type code (`LAF-001`) or the asset's API id as text. */
  key: string;
  /** ISO instant the mute ends. */
  until: string;
  /** How the console named what was muted (the type's, device's or gateway's name); absent when none was given. */
  label?: string;
}

/** The user's mutes after a change: the whole list, expired ones already dropped. */
export interface NotificationMutesChanged {
  userId: number;
  organizationId: number;
  mutes: NotificationMute[];
}

/** Each notification preferences event type with its payload. */
export interface PreferencesEventPayloads {
  [PreferencesEventTypes.Changed]: NotificationPreferencesChanged;
  [PreferencesEventTypes.DestinationAdded]: NotificationDestinationSet;
  [PreferencesEventTypes.DestinationChanged]: NotificationDestinationSet;
  [PreferencesEventTypes.DestinationRemoved]: NotificationDestinationRemoved;
  [PreferencesEventTypes.DestinationActivated]: NotificationDestinationActivated;
  [PreferencesEventTypes.MutesChanged]: NotificationMutesChanged;
}
export type PreferencesEvent = RecordedOf<PreferencesEventPayloads>;
export const isPreferencesEvent = eventGuard<PreferencesEventPayloads>();
