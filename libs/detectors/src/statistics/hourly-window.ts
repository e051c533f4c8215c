import { epochMs, isBefore } from '../time';
import {
  addCounts,
  zeroCounts,
  type TrafficCounter,
  type TrafficCounts,
  type TrafficIncrement,
} from './traffic-counts';

/**
 * Hourly traffic counters over a true sliding 24-hour window. The original kept one row per hour of the day and
 * dropped rows from yesterday even inside the window (docs/alert-catalogue.md §4.2); here every bucket carries the instant
 * its hour starts, so "the last N hours" means exactly that, across midnight too.
 */
export interface HourBucket {
  /** ISO 8601 instant at which the bucket's hour begins (UTC, on the hour). */
  hourStart: string;
  counts: TrafficCounts;
}

export const WINDOW_HOURS = 24;
const HOUR_MS = 3_600_000;

function hourStartMs(date: string): number {
  return Math.floor(epochMs(date) / HOUR_MS) * HOUR_MS;
}

/**
 * Adds a packet's counts to the bucket of its hour. The window follows the newest hour seen: buckets that fall out
 * of it are dropped, so at most WINDOW_HOURS buckets remain; a packet dated before the window counts nowhere.
 */
export function countInWindow(
  window: readonly HourBucket[],
  date: string,
  increment: TrafficIncrement,
): HourBucket[] {
  const hourMs = hourStartMs(date);
  const hourStart = new Date(hourMs).toISOString();
  const last = window.length > 0 ? window[window.length - 1] : undefined;
  if (last === undefined) return [{ hourStart, counts: addCounts(zeroCounts(), increment) }];
  // This runs on every packet of an asset. A packet of the newest hour or a later one, on buckets in the order this
  // function writes them (inHourOrder), is counted without looking through the window for its newest hour.
  if (hourStart.length === HOUR_TEXT_LENGTH && last.hourStart <= hourStart && inHourOrder(window)) {
    const oldestKept = new Date(hourMs - (WINDOW_HOURS - 1) * HOUR_MS).toISOString();
    let from = 0;
    while (from < window.length && window[from].hourStart < oldestKept) from++;
    const kept = window.slice(from);
    if (last.hourStart !== hourStart) kept.push({ hourStart, counts: addCounts(zeroCounts(), increment) });
    else kept[kept.length - 1] = { hourStart, counts: addCounts(last.counts, increment) };
    return kept;
  }
  return countInAnyWindow(window, hourStart, increment);
}

/** countInWindow for any window and date: the buckets' hours compared as dates (isBefore). */
export function countInAnyWindow(
  window: readonly HourBucket[],
  hourStart: string,
  increment: TrafficIncrement,
): HourBucket[] {
  let newest = hourStart;
  for (const bucket of window) if (isBefore(newest, bucket.hourStart)) newest = bucket.hourStart;
  const oldestKept = new Date(epochMs(newest) - (WINDOW_HOURS - 1) * HOUR_MS).toISOString();
  const kept = window.filter((bucket) => !isBefore(bucket.hourStart, oldestKept));
  if (isBefore(hourStart, oldestKept)) return kept;

  const existing = kept.find((bucket) => bucket.hourStart === hourStart);
  if (existing !== undefined) {
    return kept.map((bucket) =>
      bucket === existing ? { hourStart, counts: addCounts(bucket.counts, increment) } : bucket,
    );
  }
  // In the order of their hours; buckets of the same hour keep theirs (the new one goes after them).
  const at = kept.findIndex((bucket) => isBefore(hourStart, bucket.hourStart));
  const added = { hourStart, counts: addCounts(zeroCounts(), increment) };
  return at < 0 ? [...kept, added] : [...kept.slice(0, at), added, ...kept.slice(at)];
}

/** Sums of every counter over the `hours` hours ending at `at`: the hour of `at` and the hours before it. */
export function windowTotals(window: readonly HourBucket[], at: string, hours: number): TrafficCounts {
  const span = Math.min(WINDOW_HOURS, Math.max(1, Math.floor(hours)));
  const lastMs = hourStartMs(at);
  const first = new Date(lastMs - (span - 1) * HOUR_MS).toISOString();
  const last = new Date(lastMs).toISOString();
  // On buckets in hour order, hours compare as text; otherwise as dates.
  const plain = first.length === HOUR_TEXT_LENGTH && last.length === HOUR_TEXT_LENGTH && inHourOrder(window);
  const sum = zeroCounts();
  for (const bucket of window) {
    const outside = plain
      ? bucket.hourStart < first || last < bucket.hourStart
      : isBefore(bucket.hourStart, first) || isBefore(last, bucket.hourStart);
    if (outside) continue;
    const counts: Partial<TrafficCounts> = bucket.counts;
    sum.PACKETS_UP += counts.PACKETS_UP ?? 0;
    sum.PACKETS_DOWN += counts.PACKETS_DOWN ?? 0;
    sum.PACKETS_LOST += counts.PACKETS_LOST ?? 0;
    sum.JOIN_REQUESTS += counts.JOIN_REQUESTS ?? 0;
    sum.FAILED_JOIN_REQUESTS += counts.FAILED_JOIN_REQUESTS ?? 0;
    sum.RETRANSMISSIONS += counts.RETRANSMISSIONS ?? 0;
  }
  return sum;
}

/** `YYYY-MM-DDTHH:00:00.000Z`: an hour as toISOString writes it for the years 1000 to 9999. */
const HOUR_TEXT_LENGTH = 24;

/**
 * Whether every bucket's hour is written as toISOString writes it (HOUR_TEXT_LENGTH characters: countInWindow writes
 * no other) and the hours rise strictly from one bucket to the next, as countInWindow keeps them. Such hours compare
 * as text in time order.
 */
function inHourOrder(window: readonly HourBucket[]): boolean {
  let previous = '';
  for (const { hourStart } of window) {
    if (hourStart.length !== HOUR_TEXT_LENGTH || !(previous < hourStart)) return false;
    previous = hourStart;
  }
  return true;
}

export function windowSum(
  window: readonly HourBucket[],
  at: string,
  hours: number,
  counter: TrafficCounter,
): number {
  return windowTotals(window, at, hours)[counter];
}
