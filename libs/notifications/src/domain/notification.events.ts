import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/**
 * Events of one notification: one alert for one user, on stream notification-<notificationId>. The id is derived
 * from the alert and the user, so the dispatcher re-running an alert after a restart cannot notify twice.
 */
export const NotificationEventTypes = {
  Created: 'NotificationCreated',
  DeliveryAttempted: 'NotificationDeliveryAttempted',
  ReadChanged: 'NotificationReadChanged',
  Deleted: 'NotificationDeleted',
} as const;

export const notificationStream = (notificationId: string): string => `notification-${notificationId}`;

export type DeliveryChannel = 'email' | 'webhook';

export interface PlannedDelivery {
  deliveryId: string;
  channel: DeliveryChannel;
  /** The email address or the webhook URL. */
  target: string;
  /** The extra destination it goes to; null for the user's own address. */
  destinationId: number | null;
}

export interface NotificationCreated {
  notificationId: string;
  userId: number;
  organizationId: number;
  alertId: string;
  createdAt: string;
  /** The in-app channel ("push"): the user gets `new_notification` on the websocket. */
  push: boolean;
  deliveries: PlannedDelivery[];
}

export interface NotificationDeliveryAttempted {
  notificationId: string;
  deliveryId: string;
  /** 1-based. */
  attempt: number;
  outcome: 'delivered' | 'failed';
  /** The receiver's HTTP status (webhooks); null when there was no answer or for mail. */
  httpStatus: number | null;
  error: string | null;
  at: string;
  /** No further attempt will follow (delivered, or the last allowed attempt failed). */
  final: boolean;
}

export interface NotificationReadChanged {
  notificationId: string;
  userId: number;
  readAt: string | null;
}

export interface NotificationDeleted {
  notificationId: string;
  userId: number;
  deletedAt: string;
}

/** Each notification event type with its payload. */
export interface NotificationEventPayloads {
  [NotificationEventTypes.Created]: NotificationCreated;
  [NotificationEventTypes.DeliveryAttempted]: NotificationDeliveryAttempted;
  [NotificationEventTypes.ReadChanged]: NotificationReadChanged;
  [NotificationEventTypes.Deleted]: NotificationDeleted;
}
export type NotificationEvent = RecordedOf<NotificationEventPayloads>;
export const isNotificationEvent = eventGuard<NotificationEventPayloads>();
