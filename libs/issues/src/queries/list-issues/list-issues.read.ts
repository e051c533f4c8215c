import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { Invalid } from '@lorawatch/platform/domain-errors';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { parseOrderBy } from '@lorawatch/platform/query-params';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ISSUES, type IssueView } from '../../projection/issue.view';
import { dataSourceNames, issueFilter } from '../issue-filter';
import { issueJson } from '../issue.json';
import type { ListIssuesQuery } from './list-issues.query';

const SORTABLE: Record<string, string> = {
  id: 'numericId',
  since: 'since',
  last_checked: 'lastChecked',
  device_id: 'device',
  data_collector_id: 'dataSourceId',
};

/**
 * The organisation's current issues (docs/api.md §7), newest first by default, as now or as at `as_of`; an order
 * on an unknown field is refused as invalid.
 */
export async function listIssues(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: ListIssuesQuery,
) {
  const sort = parseOrderBy(query.order_by, SORTABLE, ['since', 'desc']);
  if ('error' in sort) throw new Invalid(sort.error);
  const paging =
    query.page !== undefined && query.size !== undefined
      ? { skip: (query.page - 1) * query.size, limit: query.size }
      : {};
  const store = await asOf.readStore(query.as_of, current);
  const filter = await issueFilter(store, caller.organizationId, query);
  const issues = await store
    .collection<IssueView>(ISSUES)
    // numericId breaks ties; the document id (as unique) in the same direction lets the index be read one way.
    .find(filter, { sort: [sort, ['numericId', sort[1]], ['id', sort[1]]], ...paging });
  const alerts = await store
    .collection<AlertView>(ALERTS)
    .find({ id: { $in: issues.map((issue) => issue.alertId) } });
  const alertById = new Map(alerts.map((alert) => [alert.id, alert]));
  const names = await dataSourceNames(store, caller.organizationId);
  return issues.map((issue) =>
    issueJson(issue, alertById.get(issue.alertId) ?? null, names.get(issue.dataSourceId) ?? null),
  );
}
