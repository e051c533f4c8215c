import type { IssueClearance } from '@lorawatch/detectors/detector-step';
import { IssueEventTypes, type IssueEventPayloads } from '@lorawatch/domain/issue.events';
import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/*
 * The issue events themselves are declared in @lorawatch/domain/issue.events, beneath the contexts that read them
 * without depending on the issues (the alerts, the detection, the notifications).
 */

/** Detectors' evidence that an issue's condition no longer holds; appended with 'no_stream' (ids are deterministic). */
export type IssueConditionCleared = IssueClearance;

/** Each issue event type with its payload, the detectors' clearances included. */
export interface IssuesEventPayloads extends IssueEventPayloads {
  [IssueEventTypes.ConditionCleared]: IssueConditionCleared;
}
export type IssuesEvent = RecordedOf<IssuesEventPayloads>;
export const isIssueEvent = eventGuard<IssuesEventPayloads>();
