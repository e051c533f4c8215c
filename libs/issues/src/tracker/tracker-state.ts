import type { AlertDraft } from '@lorawatch/domain/alert';
import type { AlertCode } from '@lorawatch/domain/alert-catalogue';

/** An issue the tracker watches, from its opening until its IssueClosed has been processed. Plain JSON. */
export interface TrackedIssue {
  /** Issue id; also the document id in the tracker's collection. */
  id: string;
  code: AlertCode;
  /** Asset keys (see assetKeys) the issue was opened under. */
  keys: string[];
  /** The API's integer id: global position of IssueOpened. */
  numericId: number;
  /** Last revision of issue-<id> the tracker knows: its appends expect it. */
  revision: number;
  lastChecked: string;
  /** The alert that opened it: LAF-600/601 are clones of it. */
  opening: AlertDraft;
  /** Closed in its stream; kept (out of the blocking map) until IssueClosed is processed and its alert raised. */
  closed: boolean;
}

export interface TrackerState {
  issues: Record<string, TrackedIssue>;
  /** Asset key → ids of tracked issues: rebuilt from `issues`, never stored. */
  byAsset: Record<string, string[]>;
}

/**
 * The state of the stored issues, built in one pass: at start the tracker may load tens of thousands of them, and
 * folding them through `withIssue` (which copies the maps, as a pure step must) would cost their number squared.
 */
export function trackerState(issues: TrackedIssue[]): TrackerState {
  const state: TrackerState = { issues: {}, byAsset: {} };
  for (const issue of issues) {
    if (!state.issues[issue.id]) for (const key of issue.keys) (state.byAsset[key] ??= []).push(issue.id);
    state.issues[issue.id] = issue;
  }
  return state;
}

export function withIssue(state: TrackerState, issue: TrackedIssue): TrackerState {
  const issues = { ...state.issues, [issue.id]: issue };
  if (state.issues[issue.id]) return { issues, byAsset: state.byAsset };
  const byAsset = { ...state.byAsset };
  for (const key of issue.keys) byAsset[key] = [...(byAsset[key] ?? []), issue.id];
  return { issues, byAsset };
}

export function withoutIssue(state: TrackerState, issueId: string): TrackerState {
  const known = state.issues[issueId];
  if (!known) return state;
  const issues = { ...state.issues };
  delete issues[issueId];
  const byAsset = { ...state.byAsset };
  for (const key of known.keys) {
    const rest = (byAsset[key] ?? []).filter((id) => id !== issueId);
    if (rest.length > 0) byAsset[key] = rest;
    else delete byAsset[key];
  }
  return { issues, byAsset };
}

/** Open (not yet closed) issues of `code` tracked under any of `keys`, oldest first. */
export function openIssuesOf(state: TrackerState, keys: string[], code: AlertCode): TrackedIssue[] {
  const ids = new Set(keys.flatMap((key) => state.byAsset[key] ?? []));
  return [...ids]
    .map((id) => state.issues[id])
    .filter((issue) => issue.code === code && !issue.closed)
    .sort((a, b) => a.numericId - b.numericId);
}
