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
}

export interface AlertsQuery {
  /** 0-based, as the alerts endpoint expects. */
  page: number;
  size: number;
  orderBy: AlertsOrder;
  filters: AlertFilters;
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
    filters.createdTo === undefined
  );
}
