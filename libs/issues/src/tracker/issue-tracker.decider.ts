import type { AlertDraft } from '@lorawatch/domain/alert';
import { alertTypeByCode, isAlertCode, type AlertCode } from '@lorawatch/domain/alert-catalogue';
import {
  issueIdOf,
  ResolutionReason,
  type IssueClosed,
  type IssueOpened,
  type IssueRecurred,
} from '@lorawatch/domain/issue.events';
import type { IssueClearance } from '@lorawatch/detectors/detector-step';
import { assetKeys, assetOfAlert, assetOfClearance, blockersOf } from '../domain/issue-asset';
import { resolutionAlert } from './resolution-alert';
import { openIssuesOf, withIssue, withoutIssue, type TrackedIssue, type TrackerState } from './tracker-state';

/**
 * The issue tracker as decide/evolve (docs/architecture.md §5): what to append for an event or a clock tick, given the open
 * issues. Pure: the shell (IssueTracker) appends the intents and feeds their outcome back through evolve.
 */
export type TrackerInput =
  | { type: 'AlertRaised'; alert: AlertDraft }
  | { type: 'IssueConditionCleared'; clearance: IssueClearance }
  | { type: 'IssueClosed'; closed: IssueClosed }
  | {
      type: 'Tick';
      /**
       * Each data source's watermark (docs/architecture.md §9), ISO 8601 by data source id: an issue times out
       * when its data source's event time, not the wall clock, has gone past its last recurrence plus the timeout.
       */
      watermarks: Readonly<Record<number, string>>;
      /** The instant used for a data source without a watermark; null: its issues wait for one. */
      at: string | null;
    };

export type TrackerIntent =
  | { kind: 'open'; opened: IssueOpened; alert: AlertDraft; keys: string[] }
  | { kind: 'recur'; expectedRevision: number; recurred: IssueRecurred }
  | { kind: 'close'; expectedRevision: number; closed: IssueClosed }
  | { kind: 'raise'; alert: AlertDraft }
  | { kind: 'forget'; issueId: string };

/** Where an append landed: the stream revision and the global position. */
export interface AppendOutcome {
  revision: number;
  position: number;
}

export interface TrackerPolicy {
  /** Seconds without recurrence after which an issue of `code` closes itself; 0 = never. */
  timeoutSeconds(code: AlertCode): number;
}

export const cataloguePolicy: TrackerPolicy = {
  timeoutSeconds: (code) => alertTypeByCode(code).quarantineTimeout,
};

export function decide(
  state: TrackerState,
  input: TrackerInput,
  policy: TrackerPolicy = cataloguePolicy,
): TrackerIntent[] {
  switch (input.type) {
    case 'AlertRaised':
      return onAlert(state, input.alert);
    case 'IssueConditionCleared':
      return onCleared(state, input.clearance);
    case 'IssueClosed':
      return onClosed(state, input.closed, policy);
    case 'Tick':
      return onTick(state, input, policy);
  }
}

export function evolve(
  state: TrackerState,
  intent: TrackerIntent,
  outcome: AppendOutcome | null,
): TrackerState {
  switch (intent.kind) {
    case 'open':
      return withIssue(state, {
        id: intent.opened.issueId,
        code: intent.opened.code,
        keys: intent.keys,
        numericId: outcome?.position ?? 0,
        revision: outcome?.revision ?? 0,
        lastChecked: intent.opened.since,
        opening: intent.alert,
        closed: false,
      });
    case 'recur': {
      const issue = state.issues[intent.recurred.issueId];
      if (!issue) return state;
      const refreshes =
        intent.recurred.code === issue.code &&
        Date.parse(intent.recurred.checkedAt) > Date.parse(issue.lastChecked);
      return withIssue(state, {
        ...issue,
        revision: outcome?.revision ?? issue.revision + 1,
        lastChecked: refreshes ? intent.recurred.checkedAt : issue.lastChecked,
      });
    }
    case 'close':
      return markClosed(state, intent.closed.issueId);
    case 'forget':
      return withoutIssue(state, intent.issueId);
    case 'raise':
      return state;
  }
}

/** The issue was closed in its stream (by this tracker or anyone else): it stops blocking alerts. */
export function markClosed(state: TrackerState, issueId: string): TrackerState {
  const issue = state.issues[issueId];
  return issue && !issue.closed ? withIssue(state, { ...issue, closed: true }) : state;
}

function onAlert(state: TrackerState, alert: AlertDraft): TrackerIntent[] {
  if (!isAlertCode(alert.code)) return [];
  const code = alert.code;
  const blockers = blockersOf(code);
  if (blockers.length === 0) return [];
  const asset = assetOfAlert(alert);
  const keys = assetKeys(alert.organizationId, alert.dataSourceId, asset);
  for (const blocker of blockers) {
    const [open] = openIssuesOf(state, keys, blocker);
    if (open) {
      const recurred = { issueId: open.id, alertId: alert.id, code, checkedAt: alert.createdAt };
      return [{ kind: 'recur', expectedRevision: open.revision, recurred }];
    }
  }
  const issueId = issueIdOf(alert.id);
  const opened: IssueOpened = {
    issueId,
    alertId: alert.id,
    code,
    organizationId: alert.organizationId,
    dataSourceId: alert.dataSourceId,
    asset,
    since: alert.createdAt,
  };
  // An alert naming no asset cannot be matched later: its issue stands alone.
  const ownKeys =
    keys.length > 0 ? keys : [`${alert.organizationId}:${alert.dataSourceId}:alert:${alert.id}`];
  return [{ kind: 'open', opened, alert, keys: ownKeys }];
}

function onCleared(state: TrackerState, clearance: IssueClearance): TrackerIntent[] {
  const keys = assetKeys(clearance.organizationId, clearance.dataSourceId, assetOfClearance(clearance.asset));
  return openIssuesOf(state, keys, clearance.code).map((issue) => ({
    kind: 'close',
    expectedRevision: issue.revision,
    closed: {
      issueId: issue.id,
      alertId: issue.opening.id,
      code: issue.code,
      reason: ResolutionReason.CORRECT,
      comment: clearance.reason,
      resolvedAt: clearance.packet.date,
      resolvedBy: null,
      evidence: clearance.packet,
    },
  }));
}

function onClosed(state: TrackerState, closed: IssueClosed, policy: TrackerPolicy): TrackerIntent[] {
  const issue = state.issues[closed.issueId];
  if (!issue) return [];
  const alert = resolutionAlert(issue, closed, policy.timeoutSeconds(issue.code));
  return [
    { kind: 'forget', issueId: issue.id },
    { kind: 'raise', alert },
  ];
}

/**
 * Mechanism 2 of docs/alert-catalogue.md §2.4, for gateway issues too (the source's job skipped them: §4.2), on event
 * time: "now" for an issue is its data source's watermark, so a backlog or a restart closes the same issues.
 */
function onTick(
  state: TrackerState,
  tick: Extract<TrackerInput, { type: 'Tick' }>,
  policy: TrackerPolicy,
): TrackerIntent[] {
  const nowOf = (issue: TrackedIssue): string | null =>
    tick.watermarks[issue.opening.dataSourceId] ?? tick.at;
  return Object.values(state.issues)
    .filter((issue) => !issue.closed)
    .filter((issue) => {
      const timeout = policy.timeoutSeconds(issue.code);
      const now = nowOf(issue);
      return timeout > 0 && now !== null && Date.parse(issue.lastChecked) + timeout * 1000 < Date.parse(now);
    })
    .sort((a, b) => a.numericId - b.numericId)
    .map((issue) => ({
      kind: 'close',
      expectedRevision: issue.revision,
      closed: {
        issueId: issue.id,
        alertId: issue.opening.id,
        code: issue.code,
        reason: ResolutionReason.TIMEOUT,
        comment: 'alert timed out',
        resolvedAt: nowOf(issue) as string,
        resolvedBy: null,
        evidence: null,
      },
    }));
}
