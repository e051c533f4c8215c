import { importanceChange, importanceOf } from '@lorawatch/alerts';
import { AssetAttributeEventTypes, type AssetAttributeEventPayloads } from '@lorawatch/assets';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { deviceAssetId, gatewayAssetId } from '@lorawatch/domain/asset-id';
import {
  IssueEventTypes,
  type IssueClosed,
  type IssueEventPayloads,
  type IssueOpened,
  type IssueRecurred,
} from '@lorawatch/domain/issue.events';
import type { Importance } from '@lorawatch/domain/risk';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { recordedOf, type RecordedOf } from '@lorawatch/event-store/typed-events';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { issueDeviceChange } from './issue-device-counts';
import {
  ISSUE_ASSET_IMPORTANCE,
  ISSUE_DEVICE_COUNTS,
  ISSUE_DEVICE_MEMBERS,
  ISSUES,
  type IssueView,
} from './issue.view';

/** The events the issues projection subscribes to. */
type IssuesProjectionPayloads = IssueEventPayloads &
  Pick<AssetAttributeEventPayloads, typeof AssetAttributeEventTypes.ImportanceSet>;

export const issuesProjection: Projection = {
  name: 'issues',
  // 2: deviceKey, and the counters of devices with an open issue (issue_device_counts) kept with the issues.
  // 3: the asset and its importance on each issue.
  version: 3,
  collections: [ISSUES, ISSUE_DEVICE_COUNTS, ISSUE_DEVICE_MEMBERS, ISSUE_ASSET_IMPORTANCE],
  eventTypes: [
    IssueEventTypes.Opened,
    IssueEventTypes.Recurred,
    IssueEventTypes.Closed,
    AssetAttributeEventTypes.ImportanceSet,
  ],
  async project(recorded: RecordedEvent, store: ReadStore): Promise<WriteOp[]> {
    const event = recordedOf<IssuesProjectionPayloads>(recorded);
    switch (event.type) {
      case IssueEventTypes.Opened: {
        const assetId = assetIdOf(event.data);
        const view = opened(event, assetId, await importanceOf(store, ISSUE_ASSET_IMPORTANCE, assetId));
        const before = await issuesIn(store).get(view.id);
        return [
          { op: 'upsert', collection: ISSUES.name, doc: view },
          ...(await issueDeviceChange(store, before, view)),
        ];
      }
      case IssueEventTypes.Recurred:
        return recurred(event.data, store);
      case IssueEventTypes.Closed:
        return closed(event.data, store);
      case AssetAttributeEventTypes.ImportanceSet:
        return importanceChange(event.data, store, ISSUE_ASSET_IMPORTANCE, ISSUES);
      default:
        return [];
    }
  },
};

const issuesIn = (store: ReadStore) => store.collection<IssueView>(ISSUES);

function assetIdOf({ asset, dataSourceId }: IssueOpened): string | null {
  return asset.type === 'GATEWAY'
    ? gatewayAssetId(dataSourceId, asset.gateway)
    : deviceAssetId(dataSourceId, asset.devEui, asset.devAddr);
}

function opened(
  event: RecordedOf<IssueEventPayloads, typeof IssueEventTypes.Opened>,
  assetId: string | null,
  assetImportance: Importance | null,
): IssueView {
  const { data } = event;
  const type = alertTypeByCode(data.code);
  const { asset } = data;
  const device = asset.type === 'DEVICE' ? (asset.devEui ?? asset.devAddr) : null;
  return {
    id: data.issueId,
    numericId: event.position,
    organizationId: data.organizationId,
    dataSourceId: data.dataSourceId,
    code: data.code,
    alertTypeId: type.id,
    risk: type.risk,
    alertId: data.alertId,
    asset,
    assetId,
    assetImportance,
    device,
    deviceKey: device === null ? null : `${data.dataSourceId}:${device}`,
    since: data.since,
    lastChecked: data.since,
    recurrences: 0,
    open: true,
    resolvedAt: null,
    resolvedBy: null,
    resolutionReasonId: null,
    resolutionComment: null,
  };
}

async function recurred(data: IssueRecurred, store: ReadStore): Promise<WriteOp[]> {
  const issue = await store.collection<IssueView>(ISSUES).get(data.issueId);
  if (!issue) return [];
  // Only its own type keeps an issue alive; a LAF-501 hidden by an open LAF-404 does not refresh it.
  const refreshes = data.code === issue.code && Date.parse(data.checkedAt) > Date.parse(issue.lastChecked);
  const set: Partial<IssueView> = { recurrences: issue.recurrences + 1 };
  if (refreshes) set.lastChecked = data.checkedAt;
  return [{ op: 'patch', collection: ISSUES.name, id: data.issueId, set }];
}

async function closed(data: IssueClosed, store: ReadStore): Promise<WriteOp[]> {
  const set: Partial<IssueView> = {
    open: false,
    resolvedAt: data.resolvedAt,
    resolvedBy: data.resolvedBy,
    resolutionReasonId: data.reason,
    resolutionComment: data.comment,
  };
  const before = await issuesIn(store).get(data.issueId);
  return [
    { op: 'patch', collection: ISSUES.name, id: data.issueId, set },
    ...(before ? await issueDeviceChange(store, before, { ...before, ...set }) : []),
  ];
}
