import { forkJoin, map, switchMap, type Observable } from 'rxjs';
import type { BarPoint } from '../../../components/charts/BarChartCard';
import type { ApiClient } from '../../../lib/api';
import {
  getAlertBuckets,
  getDeviceBuckets,
  getIssueDeviceBuckets,
  getIssueDevicesTotal,
  getPacketBuckets,
} from '../api/dashboard-api';
import type { ChartKey, CountBucket, DashboardQuery } from '../types/dashboard';
import { refreshed$, type Loadable } from './loadable';
import { fillBuckets, rangeWindow, type RangeWindow } from './range-window';

/** One chart's bars and its headline figure. */
export interface ChartData {
  points: BarPoint[];
  total: number;
  tickEvery: number;
}

export const CHART_KEYS: readonly ChartKey[] = ['issues', 'alerts', 'devices', 'messages'];

export const CHART_TITLES: Record<ChartKey, string> = {
  issues: 'CURRENT ISSUES',
  alerts: 'ALERTS',
  devices: 'DEVICES',
  messages: 'MESSAGES',
};

/**
 * What a chart counts, on screen under it where its title alone could mislead: CURRENT ISSUES counts devices with
 * an open issue (as the original console did), not issues, so it can be smaller than the list of current issues.
 */
export const CHART_CAPTIONS: Partial<Record<ChartKey, string>> = {
  issues: 'Devices with open issues',
};

const sum = (rows: readonly CountBucket[]) => rows.reduce((total, row) => total + row.count, 0);
/** Devices are the same few heard again and again: the figure is the busiest bucket, not a sum. */
const peak = (rows: readonly CountBucket[]) => rows.reduce((highest, row) => Math.max(highest, row.count), 0);

function chartOf(window: RangeWindow, rows: readonly CountBucket[], total: number): ChartData {
  return { points: fillBuckets(window, rows), total, tickEvery: window.tickEvery };
}

type ChartLoader = (api: ApiClient, window: RangeWindow, ids: readonly number[]) => Observable<ChartData>;

const LOADERS: Record<ChartKey, ChartLoader> = {
  issues: (api, window, ids) =>
    forkJoin({
      rows: getIssueDeviceBuckets(api, window, ids),
      total: getIssueDevicesTotal(api, window, ids),
    }).pipe(map(({ rows, total }) => chartOf(window, rows, total))),
  alerts: (api, window, ids) =>
    getAlertBuckets(api, window, ids).pipe(map((rows) => chartOf(window, rows, sum(rows)))),
  devices: (api, window, ids) =>
    getDeviceBuckets(api, window, ids).pipe(map((rows) => chartOf(window, rows, peak(rows)))),
  messages: (api, window, ids) =>
    getPacketBuckets(api, window, ids).pipe(map((rows) => chartOf(window, rows, sum(rows)))),
};

export interface ChartSources {
  api: ApiClient;
  query$: Observable<DashboardQuery>;
  refresh$: Observable<unknown>;
  now?: () => Date;
}

/**
 * One chart as a stream: a new range or data-source choice starts over (loading), refreshes reload silently. The
 * window is recomputed on each load, so the bars move on with the clock.
 */
export function createChart$(
  key: ChartKey,
  { api, query$, refresh$, now = () => new Date() }: ChartSources,
): Observable<Loadable<ChartData>> {
  return query$.pipe(
    switchMap((query) =>
      refreshed$(() => LOADERS[key](api, rangeWindow(query.range, now()), query.dataSourceIds), refresh$),
    ),
  );
}
