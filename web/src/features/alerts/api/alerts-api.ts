import { map, type Observable } from 'rxjs';
import { asOfQuery } from '../../../components/shell/as-of';
import type { ApiClient } from '../../../lib/api';
import type { QueryParams } from '../../../lib/query-string';
import type { Alert, AlertType } from '../../../lib/alerts/alert';
import type { AlertFilters, AlertsQuery } from '../types/alerts-query';

export function filterParams(filters: AlertFilters): QueryParams {
  return {
    type: filters.types,
    risk: filters.risks,
    resolved: filters.resolved,
    data_collector: filters.dataCollectorIds,
    'created_at[gte]': filters.createdFrom,
    'created_at[lte]': filters.createdTo,
    search: filters.search,
  };
}

/** `GET alerts`: a bare list, page 0-based (or next to a page on hand by `after`/`before`), totals from `alerts/count` (docs/api.md §6). */
export function getAlerts(api: ApiClient, query: AlertsQuery): Observable<Alert[]> {
  return api.get<Alert[]>('alerts', {
    query: {
      include_parameters: true,
      page: query.page,
      size: query.size,
      order_by: query.orderBy,
      after: query.cursor && 'after' in query.cursor ? query.cursor.after : undefined,
      before: query.cursor && 'before' in query.cursor ? query.cursor.before : undefined,
      ...filterParams(query.filters),
      ...asOfQuery(),
    },
  });
}

/** `GET alerts/count?group_by=TOTAL` with the list's filters → `{count}`. */
export function getAlertsTotal(api: ApiClient, filters: AlertFilters): Observable<number> {
  return api
    .get<{ count: number }>('alerts/count', {
      query: { group_by: 'TOTAL', ...filterParams(filters), ...asOfQuery() },
    })
    .pipe(map((answer) => answer.count));
}

/** `alert_types/count` item: the alert type with how many alerts of it match. */
export interface AlertTypeCount extends AlertType {
  count: number;
}

/** `data_collectors?include_count=true` item, as far as the charts read it. */
export interface DataCollectorCount {
  id: number;
  name: string;
  count: number;
}

/** The criteria of the per-group counts; the window is `from` / `to` there (docs/api.md §4, §6). */
function windowParams(filters: AlertFilters): QueryParams {
  return {
    type: filters.types,
    risk: filters.risks,
    resolved: filters.resolved,
    data_collector: filters.dataCollectorIds,
    from: filters.createdFrom,
    to: filters.createdTo,
    search: filters.search,
  };
}

/** Matching alerts per alert type (every type, 0 when none). */
export function getAlertTypeCounts(api: ApiClient, filters: AlertFilters): Observable<AlertTypeCount[]> {
  return api.get<AlertTypeCount[]>('alert_types/count', {
    query: { ...windowParams(filters), ...asOfQuery() },
  });
}

/** Matching alerts per data source. */
export function getDataCollectorCounts(
  api: ApiClient,
  filters: AlertFilters,
): Observable<DataCollectorCount[]> {
  return api
    .get<{ data_collectors: DataCollectorCount[] }>('data_collectors', {
      query: { include_count: true, ...windowParams(filters) },
    })
    .pipe(map((answer) => answer.data_collectors ?? []));
}

/** `PUT alerts/{id}/resolve` (admins): the answer carries the resolved alert. */
export function resolveAlert(api: ApiClient, alertId: number, comment: string): Observable<Alert> {
  return api
    .put<{ message: string; alert: Alert }>(`alerts/${alertId}/resolve`, { comment })
    .pipe(map((answer) => answer.alert));
}

/** The answer of `PUT alerts/resolve`: which alerts were resolved and why the others were not. */
export interface BulkResolveResult {
  message: string;
  resolved: number[];
  failed: Array<{ id: number; error: string }>;
}

/** `PUT alerts/resolve` (admins): resolves the alerts one after the other, with one comment for all. */
export function resolveAlerts(
  api: ApiClient,
  alertIds: readonly number[],
  comment: string,
): Observable<BulkResolveResult> {
  return api.put<BulkResolveResult>('alerts/resolve', {
    ids: alertIds,
    ...(comment.trim() === '' ? {} : { comment }),
  });
}
