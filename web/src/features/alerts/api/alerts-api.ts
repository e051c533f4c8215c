import { map, type Observable } from 'rxjs';
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
  };
}

/** `GET alerts`: a bare list, page 0-based, totals from `alerts/count` (api-reference §6). */
export function getAlerts(api: ApiClient, query: AlertsQuery): Observable<Alert[]> {
  return api.get<Alert[]>('alerts', {
    query: {
      include_parameters: true,
      page: query.page,
      size: query.size,
      order_by: query.orderBy,
      ...filterParams(query.filters),
    },
  });
}

/** `GET alerts/count?group_by=TOTAL` with the list's filters → `{count}`. */
export function getAlertsTotal(api: ApiClient, filters: AlertFilters): Observable<number> {
  return api
    .get<{ count: number }>('alerts/count', { query: { group_by: 'TOTAL', ...filterParams(filters) } })
    .pipe(map((answer) => answer.count));
}

export function getAlertTypes(api: ApiClient): Observable<AlertType[]> {
  return api.get<AlertType[]>('alert_types');
}
