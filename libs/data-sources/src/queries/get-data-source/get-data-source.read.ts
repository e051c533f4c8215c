import {
  DATA_SOURCE_ACTIVITY,
  RECENT_ACTIVITY_MS,
  type DataSourceActivity,
} from '@lorawatch/domain/data-source-activity';
import { POLICIES, type PolicyView } from '@lorawatch/policies';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { dataSourceJson } from '../../projection/data-source.json';
import { ownDataSourceView } from '../shared/own-data-source';

/**
 * One data source of the organization as GET data_collectors/{id} answers it (also the answer of a status change):
 * with its policy's name and its newest packet time when that is recent.
 */
export async function getDataSource(store: ReadStore, organizationId: number, dataSourceId: number) {
  const view = await ownDataSourceView(store, organizationId, dataSourceId);
  const [policy, activity] = await Promise.all([
    store.collection<PolicyView>(POLICIES).get(String(view.policyId)),
    store.collection<DataSourceActivity>(DATA_SOURCE_ACTIVITY).get(String(dataSourceId)),
  ]);
  const recent = activity && Date.now() - Date.parse(activity.lastPacketAt) <= RECENT_ACTIVITY_MS;
  return dataSourceJson(view, policy?.name ?? null, recent ? activity.lastPacketAt : null);
}
