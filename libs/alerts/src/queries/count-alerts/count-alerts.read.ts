import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { alertBucketsJson } from '../alerts-by-time';
import { tallyAlerts } from '../alert-tally';
import { timeWindow } from '../query-window';
import type { CountAlertsQuery } from './count-alerts.query';

/**
 * The organisation's visible alerts counted: TOTAL → `{count}`; HOUR / DAY → the non-empty buckets, oldest first, each
 * with the highest risk among its alerts (docs/api.md §6).
 */
export async function countAlerts(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: CountAlertsQuery,
) {
  const window = timeWindow(query.created_at, 'created_at');
  const grouping = query.group_by === 'TOTAL' ? 'total' : query.group_by === 'HOUR' ? 'hour' : 'day';
  const store = await asOf.readStore(query.as_of, current);
  const tally = await tallyAlerts(store, caller.organizationId, query, window, grouping);
  if (grouping === 'total') return { count: tally.get('')?.count ?? 0 };
  return alertBucketsJson(tally, grouping);
}
