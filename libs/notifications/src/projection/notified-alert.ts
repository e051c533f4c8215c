import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import type { NotifiedAlert } from './notification.json';

/** The alert of a notification with its data source's name, from the read models. */
export async function loadNotifiedAlert(store: ReadStore, alertId: string): Promise<NotifiedAlert | null> {
  const view = await store.collection<AlertView>(ALERTS).get(alertId);
  if (!view) return null;
  const source = await store.collection<DataSourceView>(DATA_SOURCES).get(String(view.dataSourceId));
  return { view, dataSourceName: source?.name ?? null };
}
