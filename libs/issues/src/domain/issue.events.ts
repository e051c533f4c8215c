import type { IssueClearance } from '@lorawatch/detectors/detector-step';

/*
 * The issue events themselves are declared in @lorawatch/domain/issue.events, beneath the contexts that read them
 * without depending on the issues (the alerts, the detection, the notifications).
 */

/** Detectors' evidence that an issue's condition no longer holds; appended with 'no_stream' (ids are deterministic). */
export type IssueConditionCleared = IssueClearance;
