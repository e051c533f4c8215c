import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { POLICIES, type PolicyView } from '@lorawatch/policies';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { hasTable, openLiveReadOnly } from './live-log-reader';

/**
 * A policy and a data source of the live read models, read from the file opened read-only (the command line's
 * look-ups; the API reads its own read store). Null for one that is not there.
 */
export async function readLiveDocuments(
  databaseFile: string,
  policyId: number,
  dataSourceId: number | null,
): Promise<{ policy: PolicyView | null; dataSource: DataSourceView | null }> {
  const db = openLiveReadOnly(databaseFile);
  try {
    if (!hasTable(db, 'read_checkpoints')) return { policy: null, dataSource: null };
    // Read-only: the collections are declared without their indexes, which would be created otherwise.
    const store = new SqliteReadStore(db);
    try {
      const policy = hasTable(db, `rs_${POLICIES.name}`)
        ? await store.collection<PolicyView>({ name: POLICIES.name }).get(String(policyId))
        : null;
      const dataSource =
        dataSourceId !== null && hasTable(db, `rs_${DATA_SOURCES.name}`)
          ? await store.collection<DataSourceView>({ name: DATA_SOURCES.name }).get(String(dataSourceId))
          : null;
      return { policy, dataSource };
    } finally {
      await store.close();
    }
  } finally {
    db.close();
  }
}
