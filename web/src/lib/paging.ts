import type { ApiResponse } from './api';

/** Page-size options of every list (docs/console.md §9, part 2 §9). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type SortDirection = 'ASC' | 'DESC';

/** A list's sort: a field and its direction; `null` when cleared. */
export interface Sort {
  field: string;
  direction: SortDirection;
}

/**
 * Clicking the active field toggles its direction; clicking another field selects it, descending first
 * (docs/console.md §4 "Sorting").
 */
export function toggleSort(current: Sort | null, field: string): Sort {
  if (current?.field === field) return { field, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' };
  return { field, direction: 'DESC' };
}

/** The API's `order_by[]` pair (docs/api.md §1.5). */
export function orderByParam(sort: Sort | null): string[] | undefined {
  return sort ? [sort.field, sort.direction] : undefined;
}

export interface Page<T> {
  items: T[];
  totalItems: number;
  totalPages: number;
}

/** Totals of a list answered with `total-items` / `total-pages` headers; the item count when they are absent. */
export function pageFromHeaders<T>(response: ApiResponse<T[]>): Page<T> {
  const items = response.data ?? [];
  const totalItems = Number(response.headers.get('total-items') ?? items.length);
  const totalPages = Number(response.headers.get('total-pages') ?? (items.length > 0 ? 1 : 0));
  return { items, totalItems, totalPages };
}

/** How many pages the pager offers: at least one, so an empty list still shows page 1 of 1. */
export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}
