import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { getUsageCount, getUsageDetail, getUsageList } from '../api/network-api';
import {
  USAGE_GROUPINGS,
  type CountAnswer,
  type NetworkFilters,
  type NetworkQuery,
  type UsageDetail,
  type UsageGrouping,
  type UsageListAnswer,
} from '../types/network';
import { loadEach, type Reloadable } from '../../../lib/reloadable';

export const EMPTY_USAGE: UsageListAnswer = { assets: [], total_items: 0, total_pages: 0 };
const EMPTY_COUNT: CountAnswer = { total_count: 0, groups: [] };

export function createUsageList$(
  api: ApiClient,
  query$: Observable<NetworkQuery>,
  refresh$: Observable<unknown>,
): Observable<Reloadable<UsageListAnswer>> {
  return loadEach(query$, refresh$, (query) => getUsageList(api, query), EMPTY_USAGE);
}

export type UsageCounts = Record<UsageGrouping, Reloadable<CountAnswer>>;

const sameFilters = (a: NetworkFilters, b: NetworkFilters) => JSON.stringify(a) === JSON.stringify(b);

/** The four charts, refreshed whenever a criterion changes (docs/console.md §4), not on paging or sorting. */
export function createUsageCounts$(
  api: ApiClient,
  filters$: Observable<NetworkFilters>,
  refresh$: Observable<unknown>,
): Observable<UsageCounts> {
  const distinct$ = filters$.pipe(distinctUntilChanged(sameFilters));
  return combineLatest(
    USAGE_GROUPINGS.map((grouping) =>
      loadEach(distinct$, refresh$, (filters) => getUsageCount(api, grouping, filters), EMPTY_COUNT),
    ),
  ).pipe(
    map(
      (states) =>
        Object.fromEntries(
          USAGE_GROUPINGS.map((grouping, index) => [grouping, states[index]]),
        ) as UsageCounts,
    ),
  );
}

export function createUsageDetail$(
  api: ApiClient,
  asset$: Observable<{ type: 'device' | 'gateway'; id: number }>,
  refresh$: Observable<unknown>,
): Observable<Reloadable<UsageDetail | null>> {
  return loadEach(
    asset$,
    refresh$,
    (asset) => getUsageDetail(api, asset.type, asset.id),
    null as UsageDetail | null,
  );
}
