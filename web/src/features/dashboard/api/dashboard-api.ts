import { map, type Observable } from 'rxjs';
import { asOfQuery } from '../../../components/shell/as-of';
import type { ApiClient } from '../../../lib/api';
import type { Alert } from '../../../lib/alerts/alert';
import type { QueryParams } from '../../../lib/query-string';
import type { RangeWindow } from '../streams/range-window';
import type { CountBucket, DataSource } from '../types/dashboard';

/** Empty selection = every data source: the parameter is left out rather than sent empty. */
const dataSourceParam = (ids: readonly number[]) => (ids.length > 0 ? ids : undefined);

function windowParams(name: string, window: RangeWindow, dataSourceIds: readonly number[]): QueryParams {
  return {
    group_by: window.groupBy,
    [`${name}[gte]`]: window.from,
    [`${name}[lte]`]: window.to,
    data_collector: dataSourceParam(dataSourceIds),
    ...asOfQuery(),
  };
}

/** `GET data_collectors` → `{data_collectors}` (docs/api.md §4). */
export function getDataSources(api: ApiClient): Observable<DataSource[]> {
  return api
    .get<{ data_collectors: DataSource[] }>('data_collectors')
    .pipe(map((answer) => answer.data_collectors ?? []));
}

/** CURRENT ISSUES: devices with an open issue per bucket, on `since` (`created_at[gte|lte]`). */
export function getIssueDeviceBuckets(
  api: ApiClient,
  window: RangeWindow,
  dataSourceIds: readonly number[],
): Observable<CountBucket[]> {
  return api.get<CountBucket[]>('quarantined_devices/devices_count', {
    query: windowParams('created_at', window, dataSourceIds),
  });
}

/** The CURRENT ISSUES figure: the same call without `group_by` answers `{count}` of distinct devices. */
export function getIssueDevicesTotal(
  api: ApiClient,
  window: RangeWindow,
  dataSourceIds: readonly number[],
): Observable<number> {
  const { group_by: _groupBy, ...query } = windowParams('created_at', window, dataSourceIds);
  return api
    .get<{ count: number }>('quarantined_devices/devices_count', { query })
    .pipe(map((answer) => answer.count));
}

/** ALERTS: `alerts/count` grouped by HOUR or DAY, each bucket with its highest risk. */
export function getAlertBuckets(
  api: ApiClient,
  window: RangeWindow,
  dataSourceIds: readonly number[],
): Observable<CountBucket[]> {
  return api.get<CountBucket[]>('alerts/count', { query: windowParams('created_at', window, dataSourceIds) });
}

/** DEVICES: `devices/count` on `last_up_timestamp[gte|lte]`. */
export function getDeviceBuckets(
  api: ApiClient,
  window: RangeWindow,
  dataSourceIds: readonly number[],
): Observable<CountBucket[]> {
  return api.get<CountBucket[]>('devices/count', {
    query: windowParams('last_up_timestamp', window, dataSourceIds),
  });
}

/** MESSAGES: `packets/count` on `date[gte|lte]`. */
export function getPacketBuckets(
  api: ApiClient,
  window: RangeWindow,
  dataSourceIds: readonly number[],
): Observable<CountBucket[]> {
  return api.get<CountBucket[]>('packets/count', { query: windowParams('date', window, dataSourceIds) });
}

/** How many unresolved alerts the preview shows, and how far back (docs/console.md §9). */
export const LATEST_ALERTS_SIZE = 50;
export const LATEST_ALERTS_DAYS = 7;

/** LATEST ALERTS: `GET alerts` page 0, size 50, unresolved, created in the last 7 days, newest first. */
export function getLatestAlerts(
  api: ApiClient,
  dataSourceIds: readonly number[],
  now: Date = new Date(),
): Observable<Alert[]> {
  const from = new Date(now.getTime() - LATEST_ALERTS_DAYS * 24 * 3_600_000);
  return api.get<Alert[]>('alerts', {
    query: {
      include_parameters: true,
      page: 0,
      size: LATEST_ALERTS_SIZE,
      resolved: false,
      'created_at[gte]': from.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      order_by: ['created_at', 'DESC'],
      data_collector: dataSourceParam(dataSourceIds),
      ...asOfQuery(),
    },
  });
}
