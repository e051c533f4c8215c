import type { AlertDraft } from './alert';
import type { AlertResolver } from './alert.view';

/**
 * The alert events (docs/api.md §6). An alert lives on stream alert-<alertId>. The detection raises alerts and the
 * alerts context resolves them; the issues, the notifications, the audit and the what-if read them. The contract lives
 * here, beneath every context, so that none of them (the detection least of all) depends on the alerts to write or
 * read it.
 */
export const AlertEventTypes = { Raised: 'AlertRaised', Resolved: 'AlertResolved' } as const;

/** Stream alert-<alertId>; the id is deterministic, so a re-processed packet cannot raise the same alert twice. */
export const alertStream = (alertId: string): string => `alert-${alertId}`;

export type AlertRaised = AlertDraft;

/** An admin marked one alert resolved (docs/api.md §6); resolving again overwrites the previous resolution. */
export interface AlertResolved {
  alertId: string;
  resolvedAt: string;
  resolvedBy: AlertResolver;
  comment: string | null;
}

/** Each alert event type with its payload. Readers narrow with `RecordedOf` and `eventGuard` of the event store. */
export interface AlertEventPayloads {
  [AlertEventTypes.Raised]: AlertRaised;
  [AlertEventTypes.Resolved]: AlertResolved;
}
