import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { useCallback, useMemo, useState } from 'react';
import { firstValueFrom, map, merge } from 'rxjs';
import { asOfQuery } from '../../../components/shell/as-of';
import { nextAssetType } from '../../../lib/asset-type';
import { DEFAULT_PAGE_SIZE, toggleSort } from '../../../lib/paging';
import type { Importance } from '../../../lib/levels';
import { useServices } from '../../../lib/services-context';
import { listViewCodec, useUrlListState } from '../../../lib/use-url-state';
import { setHiding, setImportance } from '../api/inventory-api';
import { liveRefresh$ } from '../../../lib/live-refresh';
import {
  createInventoryCounts$,
  createInventoryList$,
  EMPTY_LIST,
  type InventoryCounts,
  type InventoryPageData,
} from '../streams/inventory-streams';
import type { Reloadable } from '../../../lib/reloadable';
import {
  DEFAULT_INVENTORY_SORT,
  INVENTORY_GROUPINGS,
  NO_INVENTORY_FILTERS,
  assetKey,
  refOf,
  type InventoryAsset,
  type InventoryFilters,
  type InventoryQuery,
} from '../types/inventory';

const LOADING_COUNTS = Object.fromEntries(
  INVENTORY_GROUPINGS.map((grouping) => [grouping, { status: 'loading', data: [] }]),
) as unknown as InventoryCounts;

async function succeeded(call: Promise<unknown>): Promise<boolean> {
  try {
    await call;
    return true;
  } catch {
    return false;
  }
}

/** Filters, sort, page and size of the inventory in the address bar. */
const INVENTORY_URL_CODEC = listViewCodec<InventoryFilters>({
  filters: NO_INVENTORY_FILTERS,
  sort: DEFAULT_INVENTORY_SORT,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
});

/** Wires the inventory streams to the page's UI state; components only render what this returns. */
export function useInventory() {
  const { api, realtime } = useServices();
  // Kept in the URL: a reload or a shared link opens the same view.
  const {
    filters,
    page,
    pageSize: size,
    sort,
    setFilters: setFiltersState,
    setPage,
    setPageSize: setSize,
    setSort: setSortState,
  } = useUrlListState(INVENTORY_URL_CODEC);
  const [selected, setSelected] = useState<ReadonlyMap<string, InventoryAsset>>(new Map());
  const [refresh, manualRefresh$] = useObservableCallback<void>();

  const query = useMemo<InventoryQuery>(() => ({ filters, page, size, sort }), [filters, page, size, sort]);
  // A past time shown does not change: no live refresh then, only the reads the user's own actions ask for.
  const refresh$ = useMemo(
    () => (asOfQuery().as_of === undefined ? merge(liveRefresh$(realtime), manualRefresh$) : manualRefresh$),
    [realtime, manualRefresh$],
  );

  const list$ = useObservable(
    (inputs$) => createInventoryList$(api, inputs$.pipe(map(([current]) => current)), refresh$),
    [query],
  );
  const counts$ = useObservable(
    (inputs$) => createInventoryCounts$(api, inputs$.pipe(map(([current]) => current)), refresh$),
    [filters],
  );
  const list: Reloadable<InventoryPageData> = useObservableState(list$, {
    status: 'loading',
    data: EMPTY_LIST,
  });
  const counts = useObservableState(counts$, LOADING_COUNTS);

  // Any criterion change starts over from page 1 with nothing selected (docs/console.md §4).
  const setFilters = useCallback(
    (next: InventoryFilters) => {
      setFiltersState(next);
      setPage(0);
      setSelected(new Map());
    },
    [setFiltersState, setPage],
  );

  const selectedRefs = useMemo(() => [...selected.values()].map(refOf), [selected]);

  const afterChange = useCallback(() => {
    setSelected(new Map());
    refresh();
  }, [refresh]);

  return {
    list,
    counts,
    filters,
    page,
    size,
    sort,
    selected,
    setFilters,
    setPage,
    setSize,
    sortBy: (field: string) => {
      setSortState((current) => toggleSort(current, field));
      setPage(0);
    },
    clearSort: () => {
      setSortState(null);
      setPage(0);
    },
    cycleAssetType: () => setFilters({ ...filters, assetType: nextAssetType(filters.assetType) }),
    toggleHiddenView: () => setFilters({ ...filters, hidden: !filters.hidden }),
    toggleSelected: (asset: InventoryAsset) =>
      setSelected((current) => {
        const next = new Map(current);
        if (next.has(assetKey(asset))) next.delete(assetKey(asset));
        else next.set(assetKey(asset), asset);
        return next;
      }),
    /** Selects the whole page, or clears it when it is all selected already. */
    togglePage: () =>
      setSelected((current) => {
        const assets = list.data.assets;
        const all = assets.length > 0 && assets.every((asset) => current.has(assetKey(asset)));
        const next = new Map(current);
        for (const asset of assets) {
          if (all) next.delete(assetKey(asset));
          else next.set(assetKey(asset), asset);
        }
        return next;
      }),
    refresh,
    /** Moves the selection between visible and hidden (the opposite of what is shown). */
    async toggleHiding(): Promise<boolean> {
      const ok = await succeeded(firstValueFrom(setHiding(api, !filters.hidden, selectedRefs)));
      if (ok) afterChange();
      return ok;
    },
    async assignImportance(importance: Importance): Promise<boolean> {
      const ok = await succeeded(firstValueFrom(setImportance(api, importance, selectedRefs)));
      if (ok) afterChange();
      return ok;
    },
    selectedRefs,
    afterChange,
  };
}

export type InventoryModel = ReturnType<typeof useInventory>;
