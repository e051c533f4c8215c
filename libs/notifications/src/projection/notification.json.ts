import type { AlertView } from '@lorawatch/domain/alert.view';
import type { NotificationItem } from '@lorawatch/contracts';
import { alertJson } from '@lorawatch/alerts';
import { alertTypeJson } from '@lorawatch/domain/alert-type.json';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { DeliveryState } from '../domain/notification';
import type { NotificationView } from './notification.view';

/** The alert a notification is about, as the API shows it (docs/api.md §6). */
export interface NotifiedAlert {
  view: AlertView;
  dataSourceName: string | null;
}

/**
 * API shape of a notification (docs/api.md §9). `notificationSource` names the outside channel used (webhook
 * before email, else push); `notificationState` is the webhook's last HTTP status, else PENDING / DELIVERED /
 * FAILED over the deliveries, null when there were none. `deliveries` details each one (targets, never secrets).
 */
export function notificationJson(view: NotificationView, alert: NotifiedAlert | null): NotificationItem {
  const type = alert ? alertTypeByCode(alert.view.code) : undefined;
  return {
    id: view.numericId,
    type: 'NEW_ALERT',
    createdAt: view.createdAt,
    readAt: view.readAt,
    alertId: alert ? alert.view.numericId : null,
    alert: alert ? alertJson(alert.view, alert.dataSourceName, true) : null,
    alertType: type ? alertTypeJson(type) : null,
    notificationSource: sourceOf(view.deliveries),
    notificationState: stateOf(view.deliveries),
    deliveries: view.deliveries.map((delivery) => ({
      channel: delivery.channel,
      target: delivery.target,
      status: delivery.status.toUpperCase(),
      attempts: delivery.attempts,
      httpStatus: delivery.httpStatus,
      error: delivery.error,
    })),
  };
}

function sourceOf(deliveries: DeliveryState[]): string {
  if (deliveries.some((d) => d.channel === 'webhook')) return 'webhook';
  if (deliveries.some((d) => d.channel === 'email')) return 'email';
  return 'push';
}

function stateOf(deliveries: DeliveryState[]): string | number | null {
  const webhooks = deliveries.filter((d) => d.channel === 'webhook' && d.httpStatus !== null);
  if (webhooks.length > 0) return webhooks[webhooks.length - 1].httpStatus;
  if (deliveries.length === 0) return null;
  if (deliveries.some((d) => d.status === 'pending')) return 'PENDING';
  return deliveries.every((d) => d.status === 'delivered') ? 'DELIVERED' : 'FAILED';
}
