import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { forbidden, notFound } from '@lorawatch/platform/http-errors';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';

/** The data source a `data_collectors/{id}` path names: none or deleted → 404, another organization's → 403. */
export async function ownDataSourceView(
  store: ReadStore,
  organizationId: number,
  dataSourceId: number,
): Promise<DataSourceView> {
  const view = await store.collection<DataSourceView>(DATA_SOURCES).get(String(dataSourceId));
  if (!view || view.deleted) throw notFound();
  if (view.organizationId !== organizationId) throw forbidden();
  return view;
}
