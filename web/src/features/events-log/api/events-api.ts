import { forkJoin, map, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { Alert } from '../../../lib/alerts/alert';
import type { QueryParams } from '../../../lib/query-string';

export interface EventsQuery {
  /** 0-based, as the alerts endpoint expects. */
  page: number;
  size: number;
  /** The alerts API's filters (type, risk, resolved, created_at window, search), as `eventsFilterParams` makes them. */
  filters: QueryParams;
  /** Keyset paging (docs/api.md §6): read after / before an alert of the page on hand; `page` still names the page. */
  cursor?: { after: number } | { before: number };
}

/**
 * The query with a cursor when it asks for the page next to the one on hand (same size, one page further or back,
 * never the first page, which is read by its number so that it starts with the newest alerts).
 */
export function withEventsCursor(
  query: EventsQuery,
  loaded: { query: EventsQuery | null; status: string; alerts: readonly { id: number }[] },
): EventsQuery {
  const from = loaded.query;
  if (
    loaded.status !== 'ready' ||
    from === null ||
    from.size !== query.size ||
    JSON.stringify(from.filters) !== JSON.stringify(query.filters) ||
    loaded.alerts.length === 0
  ) {
    return query;
  }
  if (query.page === from.page + 1)
    return { ...query, cursor: { after: loaded.alerts[loaded.alerts.length - 1].id } };
  if (query.page === from.page - 1 && query.page > 0)
    return { ...query, cursor: { before: loaded.alerts[0].id } };
  return query;
}

export interface EventsPage {
  alerts: Alert[];
  total: number;
}

/**
 * The events log lists the organization's alerts, newest first: `GET alerts` (a bare list, page 0-based) and its
 * total from `alerts/count?group_by=TOTAL`, both with the log's filters (docs/api.md §6). The original's own path for this list is not
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
        after: query.cursor && 'after' in query.cursor ? query.cursor.after : undefined,
        before: query.cursor && 'before' in query.cursor ? query.cursor.before : undefined,
        ...query.filters,
      },
    }),
    total: api
      .get<{ count: number }>('alerts/count', { query: { group_by: 'TOTAL', ...query.filters } })
      .pipe(map((answer) => answer.count)),
  });
}
