import type { AlertCode } from './alert-catalogue';
import type { Packet } from './packet';

/**
 * Events of the issue life-cycle (docs/alert-catalogue.md §2.4). An issue lives on stream issue-<issueId>; its id is the id
 * of the alert that opened it, so re-processing that alert can never open a second issue. The issue tracker writes
 * them and the detection writes the clearances; the alerts, the notifications and the audit read them. The contract
 * lives here, beneath every context, so that none of them depends on the issues context to read it.
 */
export const IssueEventTypes = {
  /** Detectors' evidence that an issue's condition no longer holds: its data is the detectors' IssueClearance. */
  ConditionCleared: 'IssueConditionCleared',
  Opened: 'IssueOpened',
  Recurred: 'IssueRecurred',
  Closed: 'IssueClosed',
} as const;

/** A clearance is appended with 'no_stream' on a stream of its own (ids are deterministic). */
export const clearanceStream = (clearanceId: string): string => `clearance-${clearanceId}`;
export const issueStream = (issueId: string): string => `issue-${issueId}`;
export const issueIdOf = (openingAlertId: string): string => openingAlertId;

/** Which asset an issue watches: device issues keep both identities the opening alert had. */
export interface IssueAssetRef {
  type: 'DEVICE' | 'GATEWAY';
  devEui: string | null;
  devAddr: string | null;
  gateway: string | null;
}

export interface IssueOpened {
  issueId: string;
  alertId: string;
  code: AlertCode;
  organizationId: number;
  dataSourceId: number;
  asset: IssueAssetRef;
  /** Date of the opening alert (the packet's date): `since` and the first `last_checked`. */
  since: string;
}

/** An alert the open issue blocks: it stays hidden and, when of the issue's own type, keeps the issue alive. */
export interface IssueRecurred {
  issueId: string;
  alertId: string;
  code: AlertCode;
  checkedAt: string;
}

/** Seeded resolution reasons (docs/alert-catalogue.md §2.4); 0 "Problem solved" is never produced here. */
export const ResolutionReason = { MANUAL: 1, TIMEOUT: 2, CORRECT: 3 } as const;
export type ResolutionReasonId = (typeof ResolutionReason)[keyof typeof ResolutionReason];

export interface IssueResolver {
  userId: number;
  username: string;
  fullName: string;
}

export interface IssueClosed {
  issueId: string;
  alertId: string;
  code: AlertCode;
  reason: ResolutionReasonId;
  comment: string | null;
  resolvedAt: string;
  /** The user, for manual closes only. */
  resolvedBy: IssueResolver | null;
  /** The packet that showed the condition cleared (reason CORRECT), for LAF-600's packet data. */
  evidence: Packet | null;
}

/** Each issue life-cycle event type with its payload (the clearances' payload is the detectors'; see the issues).
 * Readers narrow with `RecordedOf` and `eventGuard` of the event store. */
export interface IssueEventPayloads {
  [IssueEventTypes.Opened]: IssueOpened;
  [IssueEventTypes.Recurred]: IssueRecurred;
  [IssueEventTypes.Closed]: IssueClosed;
}
