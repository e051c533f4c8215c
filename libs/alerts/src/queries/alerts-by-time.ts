import { RISKS, riskRank, type Risk } from '@lorawatch/domain/risk';
import type { Collection, Filter, TimeBucket } from '@lorawatch/read-store/read-store.port';
import type { AlertView } from '../projection/alert.view';
import { hourBucketJson } from './query-window';

export type AlertBucketJson =
  { hour: string; count: number; risk: Risk | null } | { date: string; count: number; risk: Risk | null };

/**
 * Alert counts per hour or day with the highest risk present in each bucket (HIGH > MEDIUM > LOW > INFO). One
 * bucketed count per risk level keeps the work in the store's index instead of reading every alert.
 */
export async function alertsByTime(
  alerts: Collection<AlertView>,
  filter: Filter,
  bucket: TimeBucket,
): Promise<AlertBucketJson[]> {
  const wanted = requestedRisks(filter);
  const perRisk = await Promise.all(
    wanted.map(async (risk) => ({
      risk,
      rows: await alerts.countByTime('createdAt', bucket, { ...filter, risk }),
    })),
  );
  const buckets = new Map<string, { count: number; risk: Risk | null }>();
  for (const { risk, rows } of perRisk) {
    for (const row of rows) {
      if (row.count === 0) continue;
      const entry = buckets.get(row.bucket) ?? { count: 0, risk: null };
      entry.count += row.count;
      if (entry.risk === null || riskRank(risk) > riskRank(entry.risk)) entry.risk = risk;
      buckets.set(row.bucket, entry);
    }
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, entry]) =>
      bucket === 'hour' ? { hour: hourBucketJson(key), ...entry } : { date: key, ...entry },
    );
}

/** The risk levels the filter lets through: all of them, or those of its `risk` list. */
function requestedRisks(filter: Filter): Risk[] {
  const given = filter.risk;
  if (given && typeof given === 'object' && !Array.isArray(given) && '$in' in given && given.$in) {
    const listed = given.$in;
    return RISKS.filter((risk) => listed.includes(risk));
  }
  return [...RISKS];
}
