import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';

/** The packet log, the event store and the read store of a test, all in one SQLite file. */
export interface SqliteStores {
  db: Database;
  log: SqlitePacketLog;
  events: SqliteEventStore;
  store: SqliteReadStore;
}

/**
 * Gives every test of the enclosing `describe` fresh stores in a temporary SQLite file (the log with `partitions`
 * partitions, polled every 20 ms), closed and removed after it. The object returned holds the current test's.
 */
export function sqliteStoresForEachTest(name: string, partitions: number): SqliteStores {
  const stores = {} as SqliteStores;
  let temp: TempSqliteFile;
  beforeEach(() => {
    temp = createTempSqliteFile(name);
    const db = openDatabase(temp.file);
    Object.assign(stores, {
      db,
      log: new SqlitePacketLog(db, { partitions, pollIntervalMs: 20 }),
      events: new SqliteEventStore(db),
      store: new SqliteReadStore(db),
    });
  });
  afterEach(async () => {
    await stores.log.close();
    await stores.events.close();
    await stores.store.close();
    stores.db.close();
    temp.remove();
  });
  return stores;
}
