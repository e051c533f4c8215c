import type { CollectionSpec } from '@lorawatch/read-store/read-store.port';
import type { DestinationKind } from '../domain/notification-preferences.events';
import type { PreferencesState } from '../domain/notification-preferences';

/** A user's saved preferences; users without one get `defaultPreferences()`. Secrets stay sealed here too. */
export interface PreferencesView extends PreferencesState {
  id: string;
  userId: number;
  organizationId: number;
}

export const NOTIFICATION_PREFERENCES: CollectionSpec = {
  name: 'notification_preferences',
  indexes: [{ fields: ['organizationId'] }],
};

/** Lookup of activation links: id = SHA-256 (hex) of the token. */
export interface ActivationTokenView {
  id: string;
  userId: number;
  organizationId: number;
  destinationId: number;
  kind: DestinationKind;
}

export const NOTIFICATION_ACTIVATION_TOKENS: CollectionSpec = { name: 'notification_activation_tokens' };
