import type { AlertDraft } from '@lorawatch/domain/alert';

/** Stream alert-<alertId>; the id is deterministic, so a re-processed packet cannot raise the same alert twice. */
export type AlertRaised = AlertDraft;

export const AlertEventTypes = { Raised: 'AlertRaised' } as const;
