import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';

/** The count of the organisation's data sources that are not disabled (docs/api.md §4). */
export async function countDataSources(store: ReadStore, caller: AuthUser): Promise<{ count: number }> {
  const filter = { organizationId: caller.organizationId, deleted: false, status: { $ne: 'DISABLED' } };
  return { count: await store.collection<DataSourceView>(DATA_SOURCES).count(filter) };
}
