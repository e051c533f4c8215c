import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { toLogRecord, type PacketRow } from '@lorawatch/packet-log/embedded/packet-rows';
import type { LogRecord } from '@lorawatch/packet-log/packet-log.port';
import type { Database } from '@lorawatch/sqlite/open-database';

/** The live store's file could not be read (no file). */
export class NoLiveStoreError extends Error {
  constructor(file: string) {
    super(`No store to read in ${file}`);
    this.name = 'NoLiveStoreError';
  }
}

/**
 * The live SQLite file opened read-only: nothing is created, migrated or written, so it is read beside a running
 * server (WAL lets readers run beside the writer). A table the server has not created yet reads as empty.
 */
export function openLiveReadOnly(file: string): Database {
  if (!existsSync(file)) throw new NoLiveStoreError(file);
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

export function hasTable(db: Database, name: string): boolean {
  return (
    db
      .prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(name) !== undefined
  );
}

/**
 * The packet log of the live file, read by offset only: `read(partition, offset, max)` as the port has it, never
 * through a consumer group, so no committed offset of the live detectors moves.
 */
export class LiveLogReader {
  private readonly present: boolean;
  private readonly statements: {
    read: BetterSqlite3.Statement<[number, number, number], PacketRow>;
    ends: BetterSqlite3.Statement<[], { partition: number; next_offset: number }>;
    firsts: BetterSqlite3.Statement<[], { partition: number; first: number | null }>;
  } | null;

  constructor(db: Database) {
    this.present = hasTable(db, 'packets') && hasTable(db, 'packet_partitions');
    this.statements = this.present
      ? {
          read: db.prepare<[number, number, number], PacketRow>(
            `SELECT partition, "offset", key, timestamp, packet FROM packets
             WHERE partition = ? AND "offset" >= ? ORDER BY "offset" LIMIT ?`,
          ),
          ends: db.prepare<[], { partition: number; next_offset: number }>(
            'SELECT partition, next_offset FROM packet_partitions ORDER BY partition',
          ),
          // One seek of the primary key per partition, not a scan of the log.
          firsts: db.prepare<[], { partition: number; first: number | null }>(
            `SELECT partition, (SELECT MIN("offset") FROM packets WHERE packets.partition = packet_partitions.partition)
             AS first FROM packet_partitions ORDER BY partition`,
          ),
        }
      : null;
  }

  /** Next offset to be written in each partition, as the log stood when asked. */
  endOffsets(): number[] {
    if (this.statements === null) return [];
    const ends: number[] = [];
    for (const row of this.statements.ends.all()) ends[row.partition] = row.next_offset;
    return Array.from(ends, (end) => end ?? 0);
  }

  /** The first stored offset of each partition that holds records (retention deletes the oldest). */
  firstOffsets(): Map<number, number> {
    const firsts = new Map<number, number>();
    for (const row of this.statements?.firsts.all() ?? [])
      if (row.first !== null) firsts.set(row.partition, row.first);
    return firsts;
  }

  read(partition: number, fromOffset: number, maxCount: number): LogRecord[] {
    if (this.statements === null) return [];
    return this.statements.read.all(partition, fromOffset, maxCount).map(toLogRecord);
  }
}
