import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ISSUES, type IssueView } from '../../projection/issue.view';
import { dataSourceNames, issueFilter } from '../issue-filter';
import type { CountIssuesQuery } from './count-issues.query';

/** Counts of the organisation's current issues, whole or grouped, as now or as at `as_of` (docs/api.md §7). */
export async function countIssues(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: CountIssuesQuery,
) {
  const store = await asOf.readStore(query.as_of, current);
  const issues = store.collection<IssueView>(ISSUES);
  const filter = await issueFilter(store, caller.organizationId, query);
  switch (query.group_by) {
    case undefined:
      return { count: await issues.count(filter) };
    case 'alert_type_name':
      return (await issues.countBy('code', filter)).map(({ value, count }) => {
        const type = alertTypeByCode(String(value));
        return { alert_type_id: type?.id ?? null, alert_type_name: type?.name ?? String(value), count };
      });
    case 'alert_type_risk':
      return (await issues.countBy('risk', filter)).map(({ value, count }) => ({
        alert_type_risk: value,
        count,
      }));
    case 'data_collector_name': {
      const names = await dataSourceNames(store, caller.organizationId);
      return (await issues.countBy('dataSourceId', filter)).map(({ value, count }) => ({
        data_collector_id: value,
        data_collector_name: names.get(Number(value)) ?? null,
        count,
      }));
    }
  }
}
