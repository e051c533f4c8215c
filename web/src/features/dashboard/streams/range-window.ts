import type { BarPoint } from '../../../components/charts/BarChartCard';
import { parseTimestamp } from '../../../lib/format';
import type { CountBucket, DashboardRange } from '../types/dashboard';

/** Bars per range (docs/console.md §9): 26 hours, 9 days, 33 days. */
export const BAR_COUNTS: Record<DashboardRange, number> = { DAY: 26, WEEK: 9, MONTH: 33 };

/** The day view labels every third hour (docs/console.md §9); the month's 33 days would crowd the axis, so every third too. */
const TICK_EVERY: Record<DashboardRange, number> = { DAY: 3, WEEK: 1, MONTH: 3 };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface Bucket {
  /** `YYYY-MM-DDTHH` (UTC hour) or `YYYY-MM-DD` (UTC day): what the server's buckets are matched on. */
  key: string;
  /** The axis label (clock time in the browser's time zone for hours, MM/DD for days); unique in a window. */
  label: string;
}

/** One range as the counter endpoints are asked for it and as the charts draw it. */
export interface RangeWindow {
  range: DashboardRange;
  groupBy: 'HOUR' | 'DAY';
  /** The `[gte]` and `[lte]` values: ISO times for the day, UTC dates for week and month (as the original). */
  from: string;
  to: string;
  buckets: Bucket[];
  tickEvery: number;
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoSeconds = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Short enough for the slanted axis labels: the clock time in the browser's time zone. */
function hourLabel(time: number): string {
  const date = new Date(time);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The chart keys its bars by label, and 26 hours repeat two clock times: repeats get invisible zero-width
 * spaces, so they read the same but stay distinct bars.
 */
function uniqueLabels(buckets: Bucket[]): Bucket[] {
  const seen = new Set<string>();
  return buckets.map((bucket) => {
    let label = bucket.label;
    while (seen.has(label)) label = `${label}\u200b`;
    seen.add(label);
    return { ...bucket, label };
  });
}

function dayLabel(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}`;
}

/**
 * The window of a range at `now`: the query bounds are the quick range itself (a day, 7 days, a calendar
 * month), and the bars are the N buckets ending with the current hour or day, so the newest bar is "now" and
 * the oldest ones pad the left edge.
 */
export function rangeWindow(range: DashboardRange, now: Date = new Date()): RangeWindow {
  const time = now.getTime();
  const count = BAR_COUNTS[range];
  if (range === 'DAY') {
    const currentHour = Math.floor(time / HOUR_MS) * HOUR_MS;
    const buckets = Array.from({ length: count }, (_, index) => {
      const start = currentHour - (count - 1 - index) * HOUR_MS;
      return { key: new Date(start).toISOString().slice(0, 13), label: hourLabel(start) };
    });
    return {
      range,
      groupBy: 'HOUR',
      from: isoSeconds(time - DAY_MS),
      to: isoSeconds(time),
      buckets: uniqueLabels(buckets),
      tickEvery: TICK_EVERY[range],
    };
  }
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const buckets = Array.from({ length: count }, (_, index) => {
    const key = utcDay(today - (count - 1 - index) * DAY_MS);
    return { key, label: dayLabel(key) };
  });
  const from = new Date(today);
  if (range === 'WEEK') from.setUTCDate(from.getUTCDate() - 7);
  else from.setUTCMonth(from.getUTCMonth() - 1);
  return {
    range,
    groupBy: 'DAY',
    from: utcDay(from.getTime()),
    to: utcDay(today + DAY_MS),
    buckets,
    tickEvery: TICK_EVERY[range],
  };
}

/** The window key of a server bucket, or null when it cannot be read. */
export function bucketKey(bucket: CountBucket, groupBy: 'HOUR' | 'DAY'): string | null {
  if (groupBy === 'HOUR') {
    const hour = bucket.hour ? parseTimestamp(bucket.hour) : null;
    return hour ? hour.toISOString().slice(0, 13) : null;
  }
  return bucket.date ? bucket.date.slice(0, 10) : null;
}

/** Lays the server's non-empty buckets over the window's bars; missing buckets are zero, strays are dropped. */
export function fillBuckets(window: RangeWindow, rows: readonly CountBucket[]): BarPoint[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = bucketKey(row, window.groupBy);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + row.count);
  }
  return window.buckets.map((bucket) => ({ x: bucket.label, y: counts.get(bucket.key) ?? 0 }));
}
