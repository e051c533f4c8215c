import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { isIssueEvent } from './issue.events';
import type { Evolver } from '@lorawatch/platform/aggregate';
import {
  IssueEventTypes,
  ResolutionReason,
  type IssueClosed,
  type IssueOpened,
  type IssueResolver,
} from '@lorawatch/domain/issue.events';

/** The issue aggregate, as a command sees it. */
export type IssueState = { status: 'none' } | { status: 'open' | 'closed'; opened: IssueOpened };

export const issueEvolver: Evolver<IssueState> = {
  initial: { status: 'none' },
  evolve(state: IssueState, event: RecordedEvent): IssueState {
    if (isIssueEvent(event, IssueEventTypes.Opened)) return { status: 'open', opened: event.data };
    if (event.type === IssueEventTypes.Closed && state.status !== 'none')
      return { ...state, status: 'closed' };
    return state;
  },
};

export interface CloseManually {
  organizationId: number;
  user: IssueResolver;
  comment: string | null;
  at: string;
}

export type IssueRejection = 'not_found' | 'already_resolved';

/** Manual resolution (docs/alert-catalogue.md §2.4, mechanism 3). Another organisation's issue does not exist for the caller. */
export function closeManually(state: IssueState, command: CloseManually): IssueClosed | IssueRejection {
  if (state.status === 'none' || state.opened.organizationId !== command.organizationId) return 'not_found';
  if (state.status === 'closed') return 'already_resolved';
  return {
    issueId: state.opened.issueId,
    alertId: state.opened.alertId,
    code: state.opened.code,
    reason: ResolutionReason.MANUAL,
    comment: command.comment,
    resolvedAt: command.at,
    resolvedBy: command.user,
    evidence: null,
  };
}
