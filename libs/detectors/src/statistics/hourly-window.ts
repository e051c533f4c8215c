import { epochMs } from '../time';
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
  // Each bucket's hour read once (this runs on every packet of an asset).
  const starts = window.map((bucket) => epochMs(bucket.hourStart));
  let newestMs = hourMs;
  for (const start of starts) if (start > newestMs) newestMs = start;
  const oldestKeptMs = newestMs - (WINDOW_HOURS - 1) * HOUR_MS;
  const kept: HourBucket[] = [];
  const keptStarts: number[] = [];
  window.forEach((bucket, index) => {
    if (starts[index] < oldestKeptMs) return;
    kept.push(bucket);
    keptStarts.push(starts[index]);
  });
  if (hourMs < oldestKeptMs) return kept;

  const hourStart = new Date(hourMs).toISOString();
  const existing = kept.find((bucket) => bucket.hourStart === hourStart);
  if (existing !== undefined) {
    return kept.map((bucket) =>
      bucket === existing ? { hourStart, counts: addCounts(bucket.counts, increment) } : bucket,
    );
  }
  const added = [...kept, { hourStart, counts: addCounts(zeroCounts(), increment) }];
  const addedStarts = [...keptStarts, hourMs];
  // In the order of their hours; buckets of the same hour keep theirs (a stable sort).
  return added
    .map((_bucket, index) => index)
    .sort((a, b) => addedStarts[a] - addedStarts[b])
    .map((index) => added[index]);
}

/** Sums of every counter over the `hours` hours ending at `at`: the hour of `at` and the hours before it. */
export function windowTotals(window: readonly HourBucket[], at: string, hours: number): TrafficCounts {
  const span = Math.min(WINDOW_HOURS, Math.max(1, Math.floor(hours)));
  const lastMs = hourStartMs(at);
  const firstMs = lastMs - (span - 1) * HOUR_MS;
  const sum = zeroCounts();
  for (const bucket of window) {
    const startMs = epochMs(bucket.hourStart);
    if (startMs < firstMs || startMs > lastMs) continue;
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

export function windowSum(
  window: readonly HourBucket[],
  at: string,
  hours: number,
  counter: TrafficCounter,
): number {
  return windowTotals(window, at, hours)[counter];
}
