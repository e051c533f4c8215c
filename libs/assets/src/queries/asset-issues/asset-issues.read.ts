import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { Invalid } from '@lorawatch/platform/domain-errors';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import type { AssetIssue, AssetIssues } from '../asset-alerts/asset-issues.port';
import { dateFormat } from '../shared/api-dates';
import { alertOfAsset } from '../shared/alert-of-asset';
import { attributesOf } from '../shared/asset-attributes';
import type { AssetIssuesQuery } from '../shared/asset-history.query';
import { dateCondition } from '../shared/date-range';
import { ownAsset } from '../shared/own-asset';
import { compareBy, pageOf, parseOrder, thenBy } from '../shared/paging';

const ISSUE_ORDER = ['since', 'id', 'last_checked'] as const;
const ISSUE_KEYS = {
  since: (issue: AssetIssue) => issue.since,
  id: (issue: AssetIssue) => issue.numericId,
  last_checked: (issue: AssetIssue) => issue.lastChecked,
};

/** One page of an asset's open issues for the 360° view, newest first by default (docs/api.md §10). */
export async function listAssetIssues(
  current: ReadStore,
  asOf: AsOfReadModels,
  assetIssues: AssetIssues,
  caller: AuthUser,
  type: string,
  id: string,
  query: AssetIssuesQuery,
) {
  requireMember(caller);
  const order = parseOrder(query.order_by, ISSUE_ORDER);
  if (order !== null && 'error' in order) throw new Invalid(order.error);
  const unknown = query.type?.find((code) => !alertTypeByCode(code));
  if (unknown) throw new Invalid(`Unknown alert type ${unknown}`);
  const store = await asOf.readStore(query.as_of, current);
  const asset = await ownAsset(store, caller.organizationId, type, id);
  const selection = { since: dateCondition(query.created_at), codes: query.type, risks: query.risk };
  const { field, direction } = order ?? { field: 'since' as const, direction: 'desc' as const };
  const issues = (await assetIssues.openIssues(store, asset, selection)).sort(
    thenBy(compareBy(ISSUE_KEYS[field], direction), compareBy(ISSUE_KEYS.id, direction)),
  );
  const page = pageOf(issues, query.page ?? 1, query.size ?? 20);
  const opening = await store
    .collection<AlertView>(ALERTS)
    .find({ id: { $in: page.items.map((issue) => issue.alertId) } });
  const alertById = new Map(opening.map((alert) => [alert.id, alert]));
  const { dataSourceName } = await attributesOf(store, asset);
  return {
    issues: page.items.map((issue) => {
      const alert = alertById.get(issue.alertId);
      return {
        id: issue.numericId,
        organization_id: issue.organizationId,
        since: dateFormat(issue.since),
        alert: alert ? alertOfAsset(alert, asset, dataSourceName) : null,
        parameters: {},
        last_checked: dateFormat(issue.lastChecked),
        resolved_at: dateFormat(issue.resolvedAt),
        resolved_by_id: issue.resolvedBy?.userId ?? null,
        resolution_comment: issue.resolutionComment,
        resolution_reason_id: issue.resolutionReasonId,
      };
    }),
    total_pages: page.total_pages,
    total_items: page.total_items,
  };
}
