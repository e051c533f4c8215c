import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { Forbidden, NotFound } from '@lorawatch/platform/domain-errors';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';

/** The data source a `data_collectors/{id}` path names: none or deleted → 404, another organization's → 403. */
export async function ownDataSourceView(
  store: ReadStore,
  organizationId: number,
  dataSourceId: number,
): Promise<DataSourceView> {
  const view = await store.collection<DataSourceView>(DATA_SOURCES).get(String(dataSourceId));
  if (!view || view.deleted) throw new NotFound();
  if (view.organizationId !== organizationId) throw new Forbidden();
  return view;
}
