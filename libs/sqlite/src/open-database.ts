import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type Database = BetterSqlite3.Database;

/**
 * Opens the embedded engines' SQLite file. The event store, packet log and read store can share the
 * connection: each creates its own tables and keeps every write inside one synchronous transaction.
 */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') keepPrivate(resolve(file));
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

/** Owner-only access for the database: its folder is created 0700, the file and its WAL companions are 0600. */
export const DATA_DIR_MODE = 0o700;
export const DATABASE_FILE_MODE = 0o600;

/**
 * The file holds every organization's data and password hashes, its folder the secrets: nobody but the server's user
 * may read them. What an older version made is tightened on open; SQLite gives the -wal and -shm files the mode of
 * the database file.
 */
function keepPrivate(file: string): void {
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true, mode: DATA_DIR_MODE });
  try {
    chmodSync(folder, DATA_DIR_MODE);
  } catch (error) {
    // A folder of another user (a shared mount): its owner decides, the files below are still kept private.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
  if (!existsSync(file)) closeSync(openSync(file, 'a', DATABASE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`])
    if (existsSync(path)) chmodSync(path, DATABASE_FILE_MODE);
}
