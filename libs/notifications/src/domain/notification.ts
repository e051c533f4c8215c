import { recordedOf } from '@lorawatch/event-store/typed-events';
import type { Evolver } from '@lorawatch/platform/aggregate';
import {
  NotificationEventTypes,
  type NotificationCreated,
  type NotificationDeliveryAttempted,
  type NotificationEvent,
  type NotificationEventPayloads,
  type PlannedDelivery,
} from './notification.events';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryState extends PlannedDelivery {
  status: DeliveryStatus;
  attempts: number;
  httpStatus: number | null;
  error: string | null;
}

export interface NotificationState {
  created: NotificationCreated | null;
  readAt: string | null;
  deleted: boolean;
  deliveries: DeliveryState[];
}

export const notificationEvolver: Evolver<NotificationState> = {
  initial: { created: null, readAt: null, deleted: false, deliveries: [] },
  evolve: (state, event) => evolveNotification(state, recordedOf<NotificationEventPayloads>(event)),
};

export function evolveNotification(state: NotificationState, event: NotificationEvent): NotificationState {
  switch (event.type) {
    case NotificationEventTypes.Created: {
      const created = event.data;
      return {
        ...state,
        created,
        deliveries: created.deliveries.map((planned) => ({
          ...planned,
          status: 'pending',
          attempts: 0,
          httpStatus: null,
          error: null,
        })),
      };
    }
    case NotificationEventTypes.DeliveryAttempted: {
      const attempted = event.data;
      return { ...state, deliveries: state.deliveries.map((d) => afterAttempt(d, attempted)) };
    }
    case NotificationEventTypes.ReadChanged:
      return { ...state, readAt: event.data.readAt };
    case NotificationEventTypes.Deleted:
      return { ...state, deleted: true };
    default:
      return state;
  }
}

export function afterAttempt(
  delivery: DeliveryState,
  attempted: NotificationDeliveryAttempted,
): DeliveryState {
  if (delivery.deliveryId !== attempted.deliveryId || attempted.attempt <= delivery.attempts) return delivery;
  return {
    ...delivery,
    attempts: attempted.attempt,
    status: attempted.outcome === 'delivered' ? 'delivered' : attempted.final ? 'failed' : 'pending',
    httpStatus: attempted.httpStatus,
    error: attempted.error,
  };
}

/**
 * Retries of a failed delivery: at most MAX_DELIVERY_ATTEMPTS tries, waiting base, 2×base, 4×base... between them
 * (about 15 s in all with the default base), so a receiver that restarts briefly still gets the message.
 */
export const MAX_DELIVERY_ATTEMPTS = 5;
export const RETRY_BASE_MS = 1000;

/** Milliseconds to wait before try `nextAttempt` (2-based); null when no try is left. */
export function retryDelayMs(nextAttempt: number, baseMs = RETRY_BASE_MS): number | null {
  if (nextAttempt > MAX_DELIVERY_ATTEMPTS) return null;
  if (nextAttempt <= 1) return 0;
  return baseMs * 2 ** (nextAttempt - 2);
}

export interface DeliveryResult {
  delivered: boolean;
  httpStatus: number | null;
  error: string | null;
  /** Trying again cannot help (the destination is gone, no mail server is configured). */
  permanent?: boolean;
}

/** What the outcome of try `attempt` records. */
export function attemptOutcome(
  notificationId: string,
  deliveryId: string,
  attempt: number,
  result: DeliveryResult,
  at: string,
): NotificationDeliveryAttempted {
  return {
    notificationId,
    deliveryId,
    attempt,
    outcome: result.delivered ? 'delivered' : 'failed',
    httpStatus: result.httpStatus,
    error: result.error,
    at,
    final: result.delivered || result.permanent === true || attempt >= MAX_DELIVERY_ATTEMPTS,
  };
}
