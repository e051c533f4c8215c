import type { Alert, AlertType } from './alerts';

/** One delivery of a notification through an outside channel (targets, never secrets). */
export interface NotificationDelivery {
  channel: string;
  target: string;
  /** PENDING, DELIVERED or FAILED. */
  status: string;
  attempts: number;
  httpStatus: number | null;
  error: string | null;
}

/** One item of `GET notifications` and the `new_notification` message (docs/api.md §9). */
export interface NotificationItem {
  id: number;
  type: 'NEW_ALERT';
  createdAt: string;
  readAt: string | null;
  alertId: number | null;
  alert: Alert | null;
  alertType: AlertType | null;
  /** The outside channel used: webhook before email, else push. */
  notificationSource: string;
  /** The webhook's last HTTP status, else PENDING / DELIVERED / FAILED over the deliveries; null without any. */
  notificationState: string | number | null;
  deliveries: NotificationDelivery[];
}
