import { alertCountsByDataSource } from '@lorawatch/alerts';
import { dataSourceListJson } from '@lorawatch/domain/data-source.json';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import type { ListDataSourcesQuery } from './list-data-sources.query';

/**
 * One page of the organisation's data sources, newest first, and their total count (docs/api.md §4). With
 * `include_count=true` each item also gets `count`: its visible alerts in the window.
 */
export async function listDataSources(store: ReadStore, caller: AuthUser, query: ListDataSourcesQuery) {
  const page = query.page ?? 1;
  const size = query.size ?? 1000;
  const filter = { organizationId: caller.organizationId, deleted: false };
  const collection = store.collection<DataSourceView>(DATA_SOURCES);
  const counts = query.include_count
    ? await alertCountsByDataSource(store, caller.organizationId, query)
    : null;
  const [items, total] = await Promise.all([
    collection.find(filter, { sort: [['dataSourceId', 'desc']], skip: (page - 1) * size, limit: size }),
    collection.count(filter),
  ]);
  const answer = {
    data_collectors: items.map((item) =>
      counts
        ? { ...dataSourceListJson(item), count: counts.get(item.dataSourceId) ?? 0 }
        : dataSourceListJson(item),
    ),
  };
  return { answer, total, size };
}
