import type { Risk } from '../../../lib/levels';

export type SortDirection = 'ASC' | 'DESC';

/** `order_by[]` is always `[column, direction]` (docs/api.md §1.5). */
export type AlertsOrder = readonly [field: string, direction: SortDirection];

export const DEFAULT_ALERTS_ORDER: AlertsOrder = ['created_at', 'DESC'];
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** The Alerts review filters (the filter UI comes with a later issue). */
export interface AlertFilters {
  types?: readonly string[];
  risks?: readonly Risk[];
  resolved?: boolean;
  dataCollectorIds?: readonly number[];
  /** ISO-8601 bounds on created_at. */
  createdFrom?: string;
  createdTo?: string;
  /** A DevEUI, DevAddr or gateway EUI, or part of a device or gateway name. */
  search?: string;
}

/**
 * Keyset paging (docs/api.md §6): the page after the last alert of a page on hand, or before its first, which the
 * API finds at the same cost at any depth. `page` is still sent and still names the page shown.
 */
export type PageCursor = { after: number } | { before: number };

export interface AlertsQuery {
  /** 0-based, as the alerts endpoint expects. */
  page: number;
  size: number;
  orderBy: AlertsOrder;
  filters: AlertFilters;
  cursor?: PageCursor;
}

/** A page as it was loaded: its query and its alerts, in order. */
export interface LoadedAlertsPage {
  query: AlertsQuery | null;
  status: 'loading' | 'ready' | 'error';
  alerts: readonly { id: number }[];
}

/**
 * The query with a cursor when it asks for the neighbour of the page on hand (same size, order and filters, one
 * page further or back): read after that page's last alert, or before its first. The first page is read by its
 * number, so that it always starts with the newest alerts.
 */
export function withPageCursor(query: AlertsQuery, loaded: LoadedAlertsPage): AlertsQuery {
  const from = loaded.query;
  if (loaded.status !== 'ready' || from === null || loaded.alerts.length === 0) return query;
  const same =
    from.size === query.size &&
    from.orderBy[0] === query.orderBy[0] &&
    from.orderBy[1] === query.orderBy[1] &&
    JSON.stringify(from.filters) === JSON.stringify(query.filters);
  if (!same) return query;
  if (query.page === from.page + 1)
    return { ...query, cursor: { after: loaded.alerts[loaded.alerts.length - 1].id } };
  if (query.page === from.page - 1 && query.page > 0)
    return { ...query, cursor: { before: loaded.alerts[0].id } };
  return query;
}

/**
 * Whether a live alert belongs at the top of this view: first page, newest first, and no filter that the new
 * alert might fail. Otherwise the page only shows the "new alerts" banner.
 */
export function showsLiveAlerts(query: AlertsQuery): boolean {
  const { filters } = query;
  return (
    query.page === 0 &&
    query.orderBy[0] === DEFAULT_ALERTS_ORDER[0] &&
    query.orderBy[1] === DEFAULT_ALERTS_ORDER[1] &&
    !filters.types?.length &&
    !filters.risks?.length &&
    !filters.dataCollectorIds?.length &&
    filters.resolved !== true &&
    filters.createdTo === undefined &&
    !filters.search
  );
}
