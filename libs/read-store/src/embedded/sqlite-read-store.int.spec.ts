import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { readStoreContract, type ReadStoreFixture } from '../testing/read-store.contract';
import { filterToSql } from './sql-filter';
import { SqliteReadStore } from './sqlite-read-store';

async function fileFixture(): Promise<ReadStoreFixture> {
  const temp = createTempSqliteFile('read-store');
  const stores: SqliteReadStore[] = [];
  return {
    open: async () => {
      const store = SqliteReadStore.open(temp.file);
      stores.push(store);
      return store;
    },
    dispose: async () => {
      await Promise.all(stores.map((store) => store.close()));
      temp.remove();
    },
  };
}

readStoreContract('SQLite file', fileFixture);

describe('SqliteReadStore specifics', () => {
  let db: Database;
  let store: SqliteReadStore;

  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new SqliteReadStore(db);
  });

  afterEach(async () => {
    await store.close();
    db.close();
  });

  it('lets SQLite use a declared index for filters on that field', async () => {
    store.collection({ name: 'alerts', indexes: [{ fields: ['parameters.dev_eui'] }] });
    const where = filterToSql({ 'parameters.dev_eui': 'd1' });
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM rs_alerts WHERE ${where.sql}`)
      .all(...where.params) as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(' ')).toContain('rs_alerts__parameters_dev_eui__ix');
  });

  it('rejects collection names that are not plain identifiers', () => {
    expect(() => store.collection({ name: 'alerts; DROP TABLE x' })).toThrow('Invalid collection name');
  });

  it('stores each collection as rs_<name> and checkpoints apart from collections', async () => {
    await store.commit([{ op: 'upsert', collection: 'checkpoints', doc: { id: 'x' } }], {
      name: 'p',
      position: 1,
    });
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all();
    expect(tables).toEqual([{ name: 'read_checkpoints' }, { name: 'rs_checkpoints' }]);
  });

  it('leaves a shared connection open on close', async () => {
    await store.close();
    expect(db.open).toBe(true);
  });
});
