import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { checkDataSourceAccess, hourBucketJson, timeWindow } from '@lorawatch/alerts';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { windowAsOf } from '../traffic-query';
import { dailyDeviceTotals, hourlyTotals } from '../traffic-buckets';
import type { CountDevicesQuery } from './count-devices.query';

/**
 * Devices heard per hour (newest first) or per day (oldest first), summed over data sources; a day counts each device
 * once (docs/api.md §5).
 */
export async function countDevices(
  store: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: CountDevicesQuery,
) {
  const window = windowAsOf(
    timeWindow(query.last_up_timestamp, 'last_up_timestamp'),
    asOf.moment(query.as_of),
  );
  await checkDataSourceAccess(store, caller.organizationId, query.data_collector);
  const { organizationId } = caller;
  if (query.group_by === 'HOUR') {
    const hours = await hourlyTotals(store, organizationId, window, query.data_collector, 'devices');
    return hours.reverse().map((row) => ({ hour: hourBucketJson(row.bucket), count: row.count }));
  }
  const days = await dailyDeviceTotals(store, organizationId, window, query.data_collector);
  return days.map((row) => ({ date: row.bucket, count: row.count }));
}
