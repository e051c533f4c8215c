import type { FieldCondition, ReadStore } from '@lorawatch/read-store/read-store.port';
import type { AssetView } from '../../asset.view';

/** An open issue of an asset, as the 360° view lists it (docs/api.md §10). */
export interface AssetIssue {
  /** The API's integer id. */
  numericId: number;
  organizationId: number;
  /** Document id of the opening alert in the alerts read model. */
  alertId: string;
  since: string;
  lastChecked: string;
  resolvedAt: string | null;
  resolvedBy: { userId: number } | null;
  resolutionComment: string | null;
  resolutionReasonId: number | null;
}

/** The asset whose issues are asked: a gateway by its EUI, a device by its DevEUI or DevAddr. */
export type IssuesAsset = Pick<
  AssetView,
  'organizationId' | 'dataSourceId' | 'type' | 'hexId' | 'devEui' | 'devAddr'
>;

/** Which of the asset's open issues: each part left out selects them all. */
export interface AssetIssueSelection {
  /** On the date the issue opened. */
  since: FieldCondition | null;
  codes?: string[];
  risks?: string[];
}

/**
 * What the asset views read of the issues context: an asset's open issues, from the read models given (the live
 * ones, or those built as of a past time). The process wires the issues' read model in (the assets context knows
 * no issues).
 */
export interface AssetIssues {
  /** In no particular order. */
  openIssues(store: ReadStore, asset: IssuesAsset, selection: AssetIssueSelection): Promise<AssetIssue[]>;
}

export const ASSET_ISSUES = Symbol('ASSET_ISSUES');
