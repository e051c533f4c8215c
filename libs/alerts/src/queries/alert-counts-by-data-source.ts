import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { tallyAlerts } from './alert-tally';
import type { AlertWindowQuery } from './alerts.query';
import { boundedWindow } from './query-window';

/**
 * Visible alerts per data source in the `from` / `to` window, for GET data_collectors?include_count=true
 * (docs/api.md §4), from the hourly counters. Validates the window and the `data_collector[]` access like the
 * alert endpoints do.
 */
export async function alertCountsByDataSource(
  store: ReadStore,
  organizationId: number,
  query: AlertWindowQuery,
): Promise<Map<number, number>> {
  const window = boundedWindow(query.from, query.to, 'from', 'to');
  const tally = await tallyAlerts(store, organizationId, query, window, 'dataSource');
  return new Map([...tally.entries()].map(([dataSourceId, entry]) => [Number(dataSourceId), entry.count]));
}
