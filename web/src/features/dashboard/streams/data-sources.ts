import { catchError, filter, map, merge, of, scan, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { RealtimeEvents } from '../../../lib/realtime';
import { getDataSources } from '../api/dashboard-api';
import type { DataSource } from '../types/dashboard';
import { LOADING, refreshed$, type Loadable } from './loadable';

export const UPDATED_DATA_SOURCE_EVENT = 'updated_data_collector';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An `updated_data_collector` payload (the full data source) reduced to what the dashboard shows. */
export function parseDataSourceEvent(payload: unknown): DataSource | null {
  if (!isRecord(payload) || typeof payload.id !== 'number' || typeof payload.status !== 'string') return null;
  const name = typeof payload.name === 'string' ? payload.name : String(payload.id);
  return { id: payload.id, name, status: payload.status };
}

/** A data source is active only when its status is CONNECTED (docs/console.md §9). */
export function isActive(source: DataSource): boolean {
  return source.status === 'CONNECTED';
}

type Change = { type: 'snapshot'; state: Loadable<DataSource[]> } | { type: 'update'; source: DataSource };

function apply(state: Loadable<DataSource[]>, change: Change): Loadable<DataSource[]> {
  if (change.type === 'snapshot') return change.state;
  if (state.status !== 'ready') return state;
  const known = state.value.some((source) => source.id === change.source.id);
  const value = known
    ? state.value.map((source) => (source.id === change.source.id ? { ...source, ...change.source } : source))
    : [...state.value, change.source];
  return { status: 'ready', value };
}

export interface DataSourcesSources {
  api: ApiClient;
  realtime: RealtimeEvents;
  refresh$: Observable<unknown>;
}

/**
 * The organisation's data sources for the badge and the filter: the REST list (a failure yields an empty list, as
 * the spec says), kept current by `updated_data_collector` events between reloads.
 */
export function createDataSources$({
  api,
  realtime,
  refresh$,
}: DataSourcesSources): Observable<Loadable<DataSource[]>> {
  const snapshots$ = refreshed$(
    () => getDataSources(api).pipe(catchError(() => of<DataSource[]>([]))),
    refresh$,
  ).pipe(map((state): Change => ({ type: 'snapshot', state })));
  const updates$ = realtime.on(UPDATED_DATA_SOURCE_EVENT).pipe(
    map(parseDataSourceEvent),
    filter((source): source is DataSource => source !== null),
    map((source): Change => ({ type: 'update', source })),
  );
  return merge(snapshots$, updates$).pipe(scan(apply, LOADING as Loadable<DataSource[]>));
}
