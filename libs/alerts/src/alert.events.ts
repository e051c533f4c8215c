import type { AlertDraft } from '@lorawatch/domain/alert';
import type { AlertResolver } from '@lorawatch/domain/alert.view';
import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/** Stream alert-<alertId>; the id is deterministic, so a re-processed packet cannot raise the same alert twice. */
export type AlertRaised = AlertDraft;

export type { AlertResolver };

/** An admin marked one alert resolved (docs/api.md §6); resolving again overwrites the previous resolution. */
export interface AlertResolved {
  alertId: string;
  resolvedAt: string;
  resolvedBy: AlertResolver;
  comment: string | null;
}

export const AlertEventTypes = { Raised: 'AlertRaised', Resolved: 'AlertResolved' } as const;

export const alertStream = (alertId: string): string => `alert-${alertId}`;

/** Each alert event type with its payload. */
export interface AlertEventPayloads {
  [AlertEventTypes.Raised]: AlertRaised;
  [AlertEventTypes.Resolved]: AlertResolved;
}
export type AlertEvent = RecordedOf<AlertEventPayloads>;
export const isAlertEvent = eventGuard<AlertEventPayloads>();
