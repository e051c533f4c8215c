import { map, type Observable } from 'rxjs';
import { asOfQuery } from '../../../components/shell/as-of';
import type { ApiClient } from '../../../lib/api';
import { orderByParam } from '../../../lib/paging';
import type { QueryParams } from '../../../lib/query-string';
import type { Issue, IssueFilters, IssueGroupCount, IssueGrouping, IssuesQuery } from '../types/issues';

/** The shared filters of the quarantined_devices endpoints: risk[], alerttype[] (type ids), data_collector[]. */
export function issueFilterParams(filters: IssueFilters): QueryParams {
  return {
    risk: filters.risks.length ? filters.risks : undefined,
    alerttype: filters.alertTypes.length ? filters.alertTypes.map((type) => type.id) : undefined,
    data_collector: filters.dataSources.length ? filters.dataSources.map((source) => source.id) : undefined,
    ...asOfQuery(),
  };
}

/** `GET quarantined_devices`: a bare list, page 1-based (style D, docs/api.md §1.6). */
export function getIssues(api: ApiClient, query: IssuesQuery): Observable<Issue[]> {
  return api.get<Issue[]>('quarantined_devices', {
    query: {
      page: query.page + 1,
      size: query.size,
      order_by: orderByParam(query.sort),
      ...issueFilterParams(query.filters),
    },
  });
}

/** `GET quarantined_devices/count` without grouping: the list's total. */
export function getIssuesTotal(api: ApiClient, filters: IssueFilters): Observable<number> {
  return api
    .get<{ count: number }>('quarantined_devices/count', { query: issueFilterParams(filters) })
    .pipe(map((answer) => answer.count));
}

export function getIssueGroups(
  api: ApiClient,
  groupBy: IssueGrouping,
  filters: IssueFilters,
): Observable<IssueGroupCount[]> {
  return api.get<IssueGroupCount[]>('quarantined_devices/count', {
    query: { group_by: groupBy, ...issueFilterParams(filters) },
  });
}

/** `GET quarantined_devices/devices_count`: distinct devices with an open issue. */
export function getIssueDevicesCount(api: ApiClient, filters: IssueFilters): Observable<number> {
  return api
    .get<{ count: number }>('quarantined_devices/devices_count', { query: issueFilterParams(filters) })
    .pipe(map((answer) => answer.count));
}

/** `POST quarantined_devices/remove` (admins and regular users): closes the issue with a comment. */
export function removeIssue(api: ApiClient, id: number, comment: string): Observable<unknown> {
  return api.post<unknown>('quarantined_devices/remove', { id, comment });
}
