import type { TimeWindow } from '@lorawatch/alerts';
import type { FieldCondition, Filter, ReadStore } from '@lorawatch/read-store/read-store.port';
import { TRAFFIC_DAYS, TRAFFIC_HOURS, type TrafficDay, type TrafficHour } from '../traffic/traffic.view';

export interface Bucketed {
  /** `YYYY-MM-DDTHH:00:00.000Z` or `YYYY-MM-DD` */
  bucket: string;
  count: number;
}

/**
 * The counters summed over the chosen data sources, one row per non-empty bucket, oldest first. A bucket is in
 * the window when it overlaps it: the hour (or day) holding the lower bound counts, so a chart of "the last 24
 * hours" starts with the hour it starts in.
 */
export async function hourlyTotals(
  store: ReadStore,
  organizationId: number,
  window: TimeWindow,
  dataSources: number[] | undefined,
  field: 'packets' | 'devices',
): Promise<Bucketed[]> {
  const filter = scope(organizationId, dataSources);
  const hour: FieldCondition = {};
  if (window.gte !== undefined) hour.$gte = `${window.gte.slice(0, 13)}:00:00.000Z`;
  if (window.lte !== undefined) hour.$lte = window.lte;
  if (Object.keys(hour).length > 0) filter.hour = hour;
  // Summed per hour in the store, from the counters' covering index.
  const rows = await store.collection<TrafficHour>(TRAFFIC_HOURS).sumBy(['hour'], field, filter);
  return sum(rows.map((row) => ({ bucket: String(row.values[0]), count: row.sum })));
}

/** Packets per day: the sum of the day's hours inside the window. */
export async function dailyPacketTotals(
  store: ReadStore,
  organizationId: number,
  window: TimeWindow,
  dataSources: number[] | undefined,
): Promise<Bucketed[]> {
  const hours = await hourlyTotals(store, organizationId, window, dataSources, 'packets');
  return sum(hours.map((row) => ({ bucket: row.bucket.slice(0, 10), count: row.count })));
}

/** Distinct devices per day, summed over data sources (a device is counted once per data source and day). */
export async function dailyDeviceTotals(
  store: ReadStore,
  organizationId: number,
  window: TimeWindow,
  dataSources: number[] | undefined,
): Promise<Bucketed[]> {
  const filter = scope(organizationId, dataSources);
  const day: FieldCondition = {};
  if (window.gte !== undefined) day.$gte = window.gte.slice(0, 10);
  if (window.lte !== undefined) day.$lte = window.lte.slice(0, 10);
  if (Object.keys(day).length > 0) filter.day = day;
  const rows = await store.collection<TrafficDay>(TRAFFIC_DAYS).sumBy(['day'], 'devices', filter);
  return sum(rows.map((row) => ({ bucket: String(row.values[0]), count: row.sum })));
}

function scope(organizationId: number, dataSources: number[] | undefined): Filter {
  const filter: Filter = { organizationId };
  if (dataSources) filter.dataSourceId = { $in: dataSources };
  return filter;
}

function sum(rows: Bucketed[]): Bucketed[] {
  const totals = new Map<string, number>();
  for (const { bucket, count } of rows) totals.set(bucket, (totals.get(bucket) ?? 0) + count);
  return [...totals.entries()]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([bucket, count]) => ({ bucket, count }));
}
