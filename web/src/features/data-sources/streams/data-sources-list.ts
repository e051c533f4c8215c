import {
  catchError,
  concat,
  debounceTime,
  filter,
  forkJoin,
  interval,
  map,
  merge,
  of,
  scan,
  startWith,
  switchMap,
  type Observable,
} from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { RealtimeEvents } from '../../../lib/realtime';
import { getActivity, getDataSources } from '../api/data-sources-api';
import type { DataSourceActivity, DataSourceListItem } from '../types/data-source';

export interface DataSourcesQuery {
  /** 0-based. */
  page: number;
  size: number;
}

export interface DataSourcesListState {
  status: 'loading' | 'ready' | 'error';
  items: DataSourceListItem[];
  total: number;
  /** Latest message time by data source id (last 4 hours only). */
  lastMessage: Record<number, string>;
}

export const INITIAL_LIST: DataSourcesListState = { status: 'loading', items: [], total: 0, lastMessage: {} };

/** The spec's 60 s refresh (last messages move on even when nothing is pushed). */
export const LIST_REFRESH_MS = 60_000;
/** Pushed changes that may add or remove rows are coalesced into one re-read. */
export const LIVE_RELOAD_DEBOUNCE_MS = 1_000;

type ListAction =
  | { type: 'loading' }
  | { type: 'loaded'; items: DataSourceListItem[]; total: number; activity: DataSourceActivity[] }
  | { type: 'failed' }
  | { type: 'updated'; source: DataSourceListItem };

function reduce(state: DataSourcesListState, action: ListAction): DataSourcesListState {
  switch (action.type) {
    case 'loading':
      return { ...state, status: state.status === 'ready' ? 'ready' : 'loading' };
    case 'loaded':
      return {
        status: 'ready',
        items: action.items,
        total: action.total,
        lastMessage: Object.fromEntries(
          action.activity.map((entry) => [entry.dataCollectorId, entry.maxDate]),
        ),
      };
    case 'failed':
      return { ...state, status: 'error' };
    case 'updated':
      return {
        ...state,
        items: state.items.map((item) =>
          item.id === action.source.id ? { ...item, ...action.source } : item,
        ),
      };
  }
}

/** `updated_data_collector` payloads: the whole data source (docs/api.md §16). */
export function dataSourceUpdates$(realtime: RealtimeEvents): Observable<DataSourceListItem> {
  return realtime
    .on('updated_data_collector')
    .pipe(
      filter(
        (payload): payload is DataSourceListItem =>
          typeof payload === 'object' &&
          payload !== null &&
          typeof (payload as { id?: unknown }).id === 'number',
      ),
    );
}

export interface DataSourcesListSources {
  api: ApiClient;
  query$: Observable<DataSourcesQuery>;
  reload$: Observable<unknown>;
  updates$: Observable<DataSourceListItem>;
  refreshMs?: number;
  liveReloadDebounceMs?: number;
}

/**
 * The list as states: a snapshot (page + recent activity) per query, reloaded on demand, every minute and shortly
 * after pushed changes (which may be creations or deletions); pushed statuses apply to their row at once.
 */
export function createDataSourcesList$({
  api,
  query$,
  reload$,
  updates$,
  refreshMs = LIST_REFRESH_MS,
  liveReloadDebounceMs = LIVE_RELOAD_DEBOUNCE_MS,
}: DataSourcesListSources): Observable<DataSourcesListState> {
  return query$.pipe(
    switchMap((query) => {
      const snapshot$ = merge(
        reload$,
        interval(refreshMs),
        updates$.pipe(debounceTime(liveReloadDebounceMs)),
      ).pipe(
        startWith(null),
        switchMap(() =>
          concat(
            of<ListAction>({ type: 'loading' }),
            forkJoin({
              page: getDataSources(api, query.page, query.size),
              // The last-message column is a nicety: a failure there must not fail the list.
              activity: getActivity(api).pipe(catchError(() => of<DataSourceActivity[]>([]))),
            }).pipe(
              map(({ page, activity }): ListAction => ({
                type: 'loaded',
                items: page.items,
                total: page.totalItems,
                activity: activity ?? [],
              })),
              catchError(() => of<ListAction>({ type: 'failed' })),
            ),
          ),
        ),
      );
      const live$ = updates$.pipe(map((source): ListAction => ({ type: 'updated', source })));
      return merge(snapshot$, live$);
    }),
    scan(reduce, INITIAL_LIST),
  );
}
