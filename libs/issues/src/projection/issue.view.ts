import type { Risk } from '@lorawatch/domain/risk';
import type { IssueAssetRef, IssueResolver, ResolutionReasonId } from '../domain/issue.events';

/** Current-issues read model (a quarantine record of docs/api.md §7). */
export interface IssueView {
  id: string;
  /** The API's integer id: the global position of IssueOpened. */
  numericId: number;
  organizationId: number;
  dataSourceId: number;
  code: string;
  alertTypeId: number;
  risk: Risk;
  /** Document id of the opening alert in the alerts read model. */
  alertId: string;
  asset: IssueAssetRef;
  /** The device, by DevEUI else DevAddr; null for gateway issues (they count as no device). */
  device: string | null;
  since: string;
  lastChecked: string;
  /** Alerts this issue hid since it opened. */
  recurrences: number;
  open: boolean;
  resolvedAt: string | null;
  resolvedBy: IssueResolver | null;
  resolutionReasonId: ResolutionReasonId | null;
  resolutionComment: string | null;
}

export const ISSUES = {
  name: 'issues',
  indexes: [{ fields: ['numericId'], unique: true }, { fields: ['organizationId', 'open', 'since'] }],
};
