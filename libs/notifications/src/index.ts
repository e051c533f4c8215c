/**
 * The public entry of the notifications context: what other contexts and the processes may import (its events, views and
 * ids). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export {
  isPreferencesEvent,
  type PreferencesEvent,
  type PreferencesEventPayloads,
  PreferencesEventTypes,
  preferencesStream,
} from './domain/notification-preferences.events';
export {
  isNotificationEvent,
  type NotificationEvent,
  type NotificationEventPayloads,
  NotificationEventTypes,
  notificationStream,
} from './domain/notification.events';
export { type AlertsApplied } from './ports/alerts-applied.port';
export { ASSET_LABELS, type AssetLabel, type AssetLabels } from './ports/asset-labels.port';
export { NOTIFICATIONS, type NotificationView } from './projection/notification.view';
export {
  type ActivationTokenView,
  NOTIFICATION_ACTIVATION_TOKENS,
  NOTIFICATION_PREFERENCES,
  type PreferencesView,
} from './projection/preferences.view';
