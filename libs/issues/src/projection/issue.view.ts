import type { Importance, Risk } from '@lorawatch/domain/risk';
import type { IssueAssetRef, IssueResolver, ResolutionReasonId } from '@lorawatch/domain/issue.events';

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
  /** The asset's document id in `assets` (`device:<dataSourceId>:<hex>` or `gateway:<dataSourceId>:<EUI>`). */
  assetId: string | null;
  /** The asset's importance, following later changes of it. */
  assetImportance: Importance | null;
  /** The device, by DevEUI else DevAddr; null for gateway issues (they count as no device). */
  device: string | null;
  /** `<dataSourceId>:<device>`, what counts as one device among quarantined ones; null with `device`. */
  deviceKey: string | null;
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
  indexes: [
    { fields: ['numericId'], unique: true },
    // The list's default order, its counts and distinct devices are read from this index, not the documents.
    {
      fields: ['organizationId', 'open', 'since', 'numericId'],
      include: ['dataSourceId', 'deviceKey', 'alertTypeId', 'risk', 'code'],
    },
    // An asset's issues, to follow a change of its importance.
    { fields: ['organizationId', 'assetId'] },
  ],
};

/** The importance of assets as the issues projection saw it (see followed-importance.ts in the alerts). */
export const ISSUE_ASSET_IMPORTANCE = { name: 'issue_asset_importance' };

/**
 * Devices with an open issue, counted per organisation, data source and bucket of `since` (an hour, a day, or
 * `all`): what `quarantined_devices/devices_count` reads instead of the issues. Kept by the issues projection in
 * the commit of the issue writes, with the membership records below, so the two never drift apart.
 */
export interface IssueDeviceCountView {
  /** `<organizationId>:<dataSourceId>:<grain>:<bucket>`. */
  id: string;
  organizationId: number;
  dataSourceId: number;
  grain: IssueDeviceGrain;
  /** `YYYY-MM-DDTHH:00:00.000Z` (hour), `YYYY-MM-DD` (day) or `` (all). */
  bucket: string;
  /** May drop to 0; readers skip empty counters. */
  devices: number;
}

export type IssueDeviceGrain = 'hour' | 'day' | 'all';

export const ISSUE_DEVICE_COUNTS = {
  name: 'issue_device_counts',
  indexes: [{ fields: ['organizationId', 'grain', 'bucket'], include: ['dataSourceId', 'devices'] }],
};

/** How many open issues a device has in one counter's bucket; the counter moves when this leaves or reaches 0. */
export interface IssueDeviceMemberView {
  /** `<counter id>:<device>`. */
  id: string;
  issues: number;
}

export const ISSUE_DEVICE_MEMBERS = { name: 'issue_device_members' };
