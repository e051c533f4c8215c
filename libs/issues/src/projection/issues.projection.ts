import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import {
  IssueEventTypes,
  type IssueClosed,
  type IssueOpened,
  type IssueRecurred,
} from '../domain/issue.events';
import { ISSUES, type IssueView } from './issue.view';

export const issuesProjection: Projection = {
  name: 'issues',
  collections: [ISSUES],
  eventTypes: [IssueEventTypes.Opened, IssueEventTypes.Recurred, IssueEventTypes.Closed],
  async project(event: RecordedEvent, store: ReadStore): Promise<WriteOp[]> {
    switch (event.type) {
      case IssueEventTypes.Opened:
        return [{ op: 'upsert', collection: ISSUES.name, doc: opened(event) }];
      case IssueEventTypes.Recurred:
        return recurred(event.data as IssueRecurred, store);
      case IssueEventTypes.Closed:
        return closed(event.data as IssueClosed);
      default:
        return [];
    }
  },
};

function opened(event: RecordedEvent): IssueView {
  const data = event.data as IssueOpened;
  const type = alertTypeByCode(data.code);
  const { asset } = data;
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
    device: asset.type === 'DEVICE' ? (asset.devEui ?? asset.devAddr) : null,
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

function closed(data: IssueClosed): WriteOp[] {
  const set: Partial<IssueView> = {
    open: false,
    resolvedAt: data.resolvedAt,
    resolvedBy: data.resolvedBy,
    resolutionReasonId: data.reason,
    resolutionComment: data.comment,
  };
  return [{ op: 'patch', collection: ISSUES.name, id: data.issueId, set }];
}
