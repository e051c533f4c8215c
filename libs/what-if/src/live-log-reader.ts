import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { toLogRecord, type PacketRow } from '@lorawatch/packet-log/embedded/packet-rows';
import { dataSourceOfEntryKey, type LogRecord } from '@lorawatch/packet-log/packet-log.port';
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
    ends: BetterSqlite3.Statement<[], { partition: number; next_offset: number }>;
    firsts: BetterSqlite3.Statement<[], { partition: number; first: number | null }>;
    rows: BetterSqlite3.Statement<[string, number, number, number], ShareRow>;
  } | null;

  constructor(db: Database) {
    this.present = hasTable(db, 'packets') && hasTable(db, 'packet_partitions');
    this.statements = this.present
      ? {
          ends: db.prepare<[], { partition: number; next_offset: number }>(
            'SELECT partition, next_offset FROM packet_partitions ORDER BY partition',
          ),
          // A record of a data source not in the JSON list: its date read by SQLite, the record itself left unread.
          rows: db.prepare<[string, number, number, number], ShareRow>(
            `SELECT partition, "offset", key, timestamp, CASE WHEN mine THEN packet END AS packet,
               CASE WHEN mine THEN NULL ELSE COALESCE(json_extract(packet, '$.date'), json_extract(packet, '$.at')) END
               AS time
             FROM (SELECT *, CAST(substr(key, 1, instr(key, ':') - 1) AS INTEGER) IN (SELECT value FROM json_each(?))
               AS mine FROM packets WHERE partition = ? AND "offset" >= ? ORDER BY "offset" LIMIT ?)`,
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

  /**
   * Records as a what-if thread replays them: whole for the data sources in `replayed`, the others only where they
   * sit, whose they are and when (their date as stored, the packet's or the heartbeat's), without reading them.
   */
  readShare(
    partition: number,
    fromOffset: number,
    maxCount: number,
    replayed: readonly number[],
  ): ShareRecord[] {
    if (this.statements === null) return [];
    return this.statements.rows.all(JSON.stringify(replayed), partition, fromOffset, maxCount).map((row) =>
      row.packet !== null
        ? {
            offset: row.offset,
            dataSourceId: dataSourceOfEntryKey(row.key),
            date: null,
            record: toLogRecord(row as PacketRow),
          }
        : { offset: row.offset, dataSourceId: dataSourceOfEntryKey(row.key), date: row.time, record: null },
    );
  }
}

interface ShareRow extends Omit<PacketRow, 'packet'> {
  packet: string | null;
  time: string | null;
}

/** A record of the log as readShare gives it: `record` for a data source replayed, else `date` (null if none). */
export type ShareRecord =
  | { offset: number; dataSourceId: number; date: null; record: LogRecord }
  | { offset: number; dataSourceId: number; date: string | null; record: null };
