import { useObservable, useObservableState } from 'observable-hooks';
import { useCallback, useMemo } from 'react';
import { catchError, map, NEVER, of } from 'rxjs';
import { asOfQuery } from '../../../components/shell/as-of';
import { nextAssetType } from '../../../lib/asset-type';
import { DEFAULT_PAGE_SIZE, toggleSort } from '../../../lib/paging';
import { useServices } from '../../../lib/services-context';
import { listViewCodec, useUrlListState } from '../../../lib/use-url-state';
import { getDataSourceOptions } from '../api/network-api';
import { liveRefresh$ } from '../../../lib/live-refresh';
import type { Reloadable } from '../../../lib/reloadable';
import {
  createUsageCounts$,
  createUsageList$,
  EMPTY_USAGE,
  type UsageCounts,
} from '../streams/network-streams';
import {
  DEFAULT_NETWORK_SORT,
  NO_NETWORK_FILTERS,
  USAGE_GROUPINGS,
  type DataSourceOption,
  type NetworkFilters,
  type NetworkQuery,
  type UsageListAnswer,
} from '../types/network';

const LOADING_COUNTS = Object.fromEntries(
  USAGE_GROUPINGS.map((grouping) => [grouping, { status: 'loading', data: { total_count: 0, groups: [] } }]),
) as unknown as UsageCounts;

/** Filters, sort, page and size of the network overview in the address bar. */
const NETWORK_URL_CODEC = listViewCodec<NetworkFilters>({
  filters: NO_NETWORK_FILTERS,
  sort: DEFAULT_NETWORK_SORT,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
});

export function useNetworkOverview() {
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
  } = useUrlListState(NETWORK_URL_CODEC);

  const query = useMemo<NetworkQuery>(() => ({ filters, page, size, sort }), [filters, page, size, sort]);
  // A past time shown does not change: no live refresh then.
  const refresh$ = useMemo(
    () => (asOfQuery().as_of === undefined ? liveRefresh$(realtime) : NEVER),
    [realtime],
  );

  const list$ = useObservable(
    (inputs$) => createUsageList$(api, inputs$.pipe(map(([current]) => current)), refresh$),
    [query],
  );
  const counts$ = useObservable(
    (inputs$) => createUsageCounts$(api, inputs$.pipe(map(([current]) => current)), refresh$),
    [filters],
  );
  const dataSources$ = useObservable(() =>
    getDataSourceOptions(api).pipe(catchError(() => of<DataSourceOption[]>([]))),
  );

  const list: Reloadable<UsageListAnswer> = useObservableState(list$, {
    status: 'loading',
    data: EMPTY_USAGE,
  });
  const counts = useObservableState(counts$, LOADING_COUNTS);
  const dataSources = useObservableState(dataSources$, []);

  // Any criterion change reloads from page 1 (the charts follow the filters).
  const setFilters = useCallback(
    (next: NetworkFilters) => {
      setFiltersState(next);
      setPage(0);
    },
    [setFiltersState, setPage],
  );

  return {
    list,
    counts,
    dataSources,
    filters,
    page,
    size,
    sort,
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
  };
}

export type NetworkOverviewModel = ReturnType<typeof useNetworkOverview>;
