import type { Database } from '@lorawatch/sqlite/open-database';
import { makeGenesis, type ChainGenesis, type ChainStartReason } from '../chain/event-chain';
import { EVENTS_SCHEMA } from './event-rows';

/** One row: where and when the store's chain started. */
const CHAIN_SCHEMA = `
  CREATE TABLE IF NOT EXISTS event_chain (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    position INTEGER NOT NULL,
    started_at TEXT NOT NULL,
    reason TEXT NOT NULL,
    hash TEXT NOT NULL
  );
`;

interface GenesisRow {
  position: number;
  started_at: string;
  reason: ChainStartReason;
  hash: string;
}

/** What opening the store found and did to its tables. */
export interface EventTablesState {
  genesis: ChainGenesis;
  /** True when this opening added the hash column to a store recorded without one. */
  migrated: boolean;
}

/**
 * Creates the event tables, or brings an existing store up to date: a store recorded before events were chained
 * gets the `hash` column and a genesis record at its head position, so that its chain starts at this migration
 * and the events already there are reported as recorded before it. Runs under the write lock, so that processes
 * opening the same file at once migrate it only once.
 */
export function prepareEventTables(db: Database, now: () => Date): EventTablesState {
  return db
    .transaction((): EventTablesState => {
      const existed = tableExists(db, 'events');
      db.exec(EVENTS_SCHEMA);
      const addColumn = existed && !hasColumn(db, 'events', 'hash');
      if (addColumn) db.exec('ALTER TABLE events ADD COLUMN hash TEXT');
      db.exec(CHAIN_SCHEMA);
      const found = readGenesis(db);
      if (found) return { genesis: found, migrated: false };
      const head =
        db.prepare<[], { head: number }>('SELECT COALESCE(MAX(position), 0) AS head FROM events').get()
          ?.head ?? 0;
      const reason: ChainStartReason = existed ? 'migration' : 'new store';
      const genesis = makeGenesis(head, now().toISOString(), reason);
      db.prepare<[number, string, string, string]>(
        'INSERT INTO event_chain (id, position, started_at, reason, hash) VALUES (1, ?, ?, ?, ?)',
      ).run(genesis.position, genesis.startedAt, genesis.reason, genesis.hash);
      return { genesis, migrated: addColumn };
    })
    .immediate();
}

/** The store's genesis record, or null when the store has never been opened by a version that chains events. */
export function readGenesis(db: Database): ChainGenesis | null {
  if (!tableExists(db, 'event_chain')) return null;
  const row = db
    .prepare<[], GenesisRow>('SELECT position, started_at, reason, hash FROM event_chain WHERE id = 1')
    .get();
  return row
    ? { position: row.position, startedAt: row.started_at, reason: row.reason, hash: row.hash }
    : null;
}

function tableExists(db: Database, name: string): boolean {
  return (
    db
      .prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(name) !== undefined
  );
}

function hasColumn(db: Database, table: string, column: string): boolean {
  return db
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
    .all()
    .some((row) => row.name === column);
}
