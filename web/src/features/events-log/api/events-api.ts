import { forkJoin, map, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { Alert } from '../../../lib/alerts/alert';

export interface EventsQuery {
  /** 0-based, as the alerts endpoint expects. */
  page: number;
  size: number;
}

export interface EventsPage {
  alerts: Alert[];
  total: number;
}

/**
 * The events log lists the organization's alerts, newest first: `GET alerts` (a bare list, page 0-based) and its
 * total from `alerts/count?group_by=TOTAL` (docs/api.md §6). The original's own path for this list is not
 * known (docs/console.md §7).
 */
export function getEventsPage(api: ApiClient, query: EventsQuery): Observable<EventsPage> {
  return forkJoin({
    alerts: api.get<Alert[]>('alerts', {
      query: {
        include_parameters: true,
        page: query.page,
        size: query.size,
        order_by: ['created_at', 'DESC'],
      },
    }),
    total: api
      .get<{ count: number }>('alerts/count', { query: { group_by: 'TOTAL' } })
      .pipe(map((answer) => answer.count)),
  });
}
