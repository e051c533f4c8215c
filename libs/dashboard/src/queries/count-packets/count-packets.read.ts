import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { checkDataSourceAccess, hourBucketJson, timeWindow } from '@lorawatch/alerts';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { windowAsOf } from '../traffic-query';
import { dailyPacketTotals, hourlyTotals } from '../traffic-buckets';
import type { CountPacketsQuery } from './count-packets.query';

/** Packets per hour or per day, newest first, only non-empty buckets (docs/api.md §5). */
export async function countPackets(
  store: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: CountPacketsQuery,
) {
  const window = windowAsOf(timeWindow(query.date, 'date'), asOf.moment(query.as_of));
  await checkDataSourceAccess(store, caller.organizationId, query.data_collector);
  const { organizationId } = caller;
  if (query.group_by === 'HOUR') {
    const hours = await hourlyTotals(store, organizationId, window, query.data_collector, 'packets');
    return hours.reverse().map((row) => ({ hour: hourBucketJson(row.bucket), count: row.count }));
  }
  const days = await dailyPacketTotals(store, organizationId, window, query.data_collector);
  return days.reverse().map((row) => ({ date: row.bucket, count: row.count }));
}
