import {
  DATA_SOURCE_ACTIVITY,
  RECENT_ACTIVITY_MS,
  type DataSourceActivity,
} from '@lorawatch/domain/data-source-activity';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';

/** The newest packet time of each of the organisation's data sources with traffic in the last 4 hours. */
export async function listDataSourceActivity(store: ReadStore, caller: AuthUser) {
  const since = new Date(Date.now() - RECENT_ACTIVITY_MS).toISOString();
  const rows = await store
    .collection<DataSourceActivity>(DATA_SOURCE_ACTIVITY)
    .find({ organizationId: caller.organizationId, lastPacketAt: { $gte: since } });
  return rows.map((row) => ({ dataCollectorId: row.dataSourceId, maxDate: row.lastPacketAt }));
}
