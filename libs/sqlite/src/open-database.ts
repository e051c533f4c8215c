import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type Database = BetterSqlite3.Database;

/**
 * Opens the embedded engines' SQLite file. The event store, packet log and read store can share the
 * connection: each creates its own tables and keeps every write inside one synchronous transaction.
 */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const db = new BetterSqlite3(file);
  // WAL lets readers (the API, other processes) run while one writer appends.
  db.pragma('journal_mode = WAL');
  // Durable across process crashes; only an OS crash can lose the last transactions, which WAL keeps consistent.
  db.pragma('synchronous = NORMAL');
  // Another process on the same file may hold the write lock briefly.
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}
