import type { Risk } from '@lorawatch/domain/risk';
import type { AlertTally } from './alert-grouping';
import { hourBucketJson } from './query-window';

export type AlertBucketJson =
  { hour: string; count: number; risk: Risk | null } | { date: string; count: number; risk: Risk | null };

/**
 * The HOUR / DAY answer of alerts/count from a tally by hour or day: the non-empty buckets, oldest first, each
 * with the highest risk among its alerts (HIGH > MEDIUM > LOW > INFO).
 */
export function alertBucketsJson(tally: AlertTally, bucket: 'hour' | 'day'): AlertBucketJson[] {
  return [...tally.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, entry]) =>
      bucket === 'hour' ? { hour: hourBucketJson(key), ...entry } : { date: key, ...entry },
    );
}
