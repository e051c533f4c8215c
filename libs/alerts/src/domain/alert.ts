import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Evolver } from '@lorawatch/platform/aggregate';
import { AlertEventTypes, isAlertEvent, type AlertResolved, type AlertResolver } from '../alert.events';

/** The alert aggregate, as the resolve command sees it. */
export type AlertState = { status: 'none' } | { status: 'raised'; alertId: string; organizationId: number };

export const alertEvolver: Evolver<AlertState> = {
  initial: { status: 'none' },
  evolve(state: AlertState, event: RecordedEvent): AlertState {
    if (!isAlertEvent(event, AlertEventTypes.Raised)) return state;
    const raised = event.data;
    return { status: 'raised', alertId: raised.id, organizationId: raised.organizationId };
  },
};

export interface ResolveAlert {
  organizationId: number;
  resolver: AlertResolver;
  comment: string | null;
  at: string;
}

export type AlertRejection = 'not_found' | 'forbidden';

/** docs/api.md §6: resolving again overwrites the previous resolution, so an already resolved alert is no error. */
export function resolveAlert(state: AlertState, command: ResolveAlert): AlertResolved | AlertRejection {
  if (state.status === 'none') return 'not_found';
  if (state.organizationId !== command.organizationId) return 'forbidden';
  return {
    alertId: state.alertId,
    resolvedAt: command.at,
    resolvedBy: command.resolver,
    comment: command.comment,
  };
}
