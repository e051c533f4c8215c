import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ALERTS, type AlertView } from '../projection/alert.view';
import { visibleAlertFilter } from './alert-filter';
import type { AlertWindowQuery } from './alerts.query';
import { boundedWindow } from './query-window';

/**
 * Visible alerts per data source in the `from` / `to` window, for GET data_collectors?include_count=true
 * (api-reference §4). Validates the window and the `data_collector[]` access like the alert endpoints do.
 */
export async function alertCountsByDataSource(
  store: ReadStore,
  organizationId: number,
  query: AlertWindowQuery,
): Promise<Map<number, number>> {
  const window = boundedWindow(query.from, query.to, 'from', 'to');
  const filter = await visibleAlertFilter(store, organizationId, query, window);
  const rows = await store.collection<AlertView>(ALERTS).countBy('dataSourceId', filter);
  return new Map(rows.map((row) => [Number(row.value), row.count]));
}
