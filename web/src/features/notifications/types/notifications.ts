import type { Alert, AlertType } from '../../../lib/alerts/alert';

/** An extra destination: an email, a phone or a webhook (with a write-only secret), pending until activated. */
export interface AdditionalDestination {
  id?: number | null;
  email?: string;
  phone?: string;
  url?: string;
  /** Always null when read; a new value replaces the stored secret, null keeps it. */
  secret?: string | null;
  active?: boolean;
}

export type DestinationName = 'email' | 'sms' | 'push' | 'webhook';

export interface DestinationPreference {
  destination: DestinationName;
  enabled: boolean;
  additional?: AdditionalDestination[];
}

export interface NamedFlag {
  name: string;
  enabled: boolean;
}

export interface DataSourcePreference {
  dataCollectorId: number;
  enabled: boolean;
  dataCollector?: { id?: number; name?: string; [field: string]: unknown };
}

export interface TagReference {
  id: number;
  name?: string;
  color?: string;
}

/** `GET/PUT notifications/preferences` (docs/api.md §9). */
export interface NotificationPreferences {
  destinations: DestinationPreference[];
  risks: NamedFlag[];
  asset_importance: NamedFlag[];
  dataCollectors: DataSourcePreference[];
  asset_tags: TagReference[];
}

/** One item of `GET notifications` (and the `new_notification` payload). */
export interface NotificationItem {
  id: number;
  type: string;
  createdAt: string;
  readAt: string | null;
  alertId: number | null;
  alert: Alert | null;
  alertType: AlertType | null;
  notificationSource: string;
  notificationState: string | number | null;
}

export interface Tag {
  id: number;
  name: string;
  color: string;
}

export type ActivationKind = 'email' | 'phone';

/** What an activation link led to (docs/console.md §2). */
export type ActivationOutcome =
  | { result: 'SUCCESS'; value: string }
  | { result: 'NOT_FOUND' | 'DISABLED_TOKEN' | 'EMAIL_ALREADY_ACTIVE' | 'PHONE_ALREADY_ACTIVE' | 'ERROR' };
