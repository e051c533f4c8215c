import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { getInventory, getInventoryCount } from '../api/inventory-api';
import {
  INVENTORY_GROUPINGS,
  type CountEntry,
  type InventoryFilters,
  type InventoryGrouping,
  type InventoryListAnswer,
  type InventoryQuery,
} from '../types/inventory';
import { loadEach, type Reloadable } from '../../../lib/reloadable';

/** A loaded page, with the 0-based page it answers (the detail modal waits for a given page). */
export interface InventoryPageData extends InventoryListAnswer {
  page: number;
}

export const EMPTY_LIST: InventoryPageData = { assets: [], total_items: 0, total_pages: 0, page: -1 };

/** The table: one page per query, re-read silently on each `refresh$`. */
export function createInventoryList$(
  api: ApiClient,
  query$: Observable<InventoryQuery>,
  refresh$: Observable<unknown>,
): Observable<Reloadable<InventoryPageData>> {
  return loadEach(
    query$,
    refresh$,
    (query) => getInventory(api, query).pipe(map((answer) => ({ ...answer, page: query.page }))),
    EMPTY_LIST,
  );
}

export type InventoryCounts = Record<InventoryGrouping, Reloadable<CountEntry[]>>;

const sameFilters = (a: InventoryFilters, b: InventoryFilters) => JSON.stringify(a) === JSON.stringify(b);

/** The four charts: counts under the current filters, reloaded only when the filters change (not on paging). */
export function createInventoryCounts$(
  api: ApiClient,
  filters$: Observable<InventoryFilters>,
  refresh$: Observable<unknown>,
): Observable<InventoryCounts> {
  const distinct$ = filters$.pipe(distinctUntilChanged(sameFilters));
  const streams = INVENTORY_GROUPINGS.map((grouping) =>
    loadEach(distinct$, refresh$, (filters) => getInventoryCount(api, grouping, filters), [] as CountEntry[]),
  );
  return combineLatest(streams).pipe(
    map(
      (states) =>
        Object.fromEntries(
          INVENTORY_GROUPINGS.map((grouping, index) => [grouping, states[index]]),
        ) as InventoryCounts,
    ),
  );
}
