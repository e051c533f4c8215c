import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/** Stream app-keys-<organizationId>: the organisation's dictionary of AppKeys to test devices against. */
export const appKeysStream = (organizationId: number): string => `app-keys-${organizationId}`;

export interface StoredAppKey {
  /** Sequence number inside the organisation, from 1: the `id` the API shows. */
  id: number;
  /** 32 upper-case hex characters. */
  key: string;
}

export interface AppKeysAdded {
  organizationId: number;
  keys: StoredAppKey[];
}

export interface AppKeysRemoved {
  organizationId: number;
  keys: StoredAppKey[];
}

export const AppKeyEventTypes = { Added: 'AppKeysAdded', Removed: 'AppKeysRemoved' } as const;

/** Each AppKey event type with its payload. */
export interface AppKeyEventPayloads {
  [AppKeyEventTypes.Added]: AppKeysAdded;
  [AppKeyEventTypes.Removed]: AppKeysRemoved;
}
export type AppKeyEvent = RecordedOf<AppKeyEventPayloads>;
export const isAppKeyEvent = eventGuard<AppKeyEventPayloads>();
