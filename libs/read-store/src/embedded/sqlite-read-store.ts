import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { retryWhileBusy } from '@lorawatch/sqlite/busy-retry';
import { WakeSignal, wakeChannel } from '@lorawatch/sqlite/wake-signal';
import {
  CheckpointFencedError,
  checkpointMarks,
  type CheckpointMark,
  type Collection,
  type CollectionSpec,
  type Doc,
  type ReadStore,
  type WriteOp,
} from '../read-store.port';
import { DocumentTables } from './document-tables';
import { SqliteCollection } from './sqlite-collection';

export interface SqliteReadStoreOptions {
  /** close() also closes the connection; set when the store opened the file itself. */
  ownsDatabase?: boolean;
}

/** Named read_checkpoints, not rs_*, so that no collection name can collide with it. */
const CHECKPOINTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS read_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL)
`;

/** Mongo-like document collections on SQLite JSON (see document-tables.ts and sql-filter.ts). */
export class SqliteReadStore implements ReadStore {
  static open(file: string, options: SqliteReadStoreOptions = {}): SqliteReadStore {
    return new SqliteReadStore(openDatabase(file), { ...options, ownsDatabase: true });
  }

  private readonly tables: DocumentTables;
  /** Told of every commit, in this thread and the other threads of this process on the same file. */
  readonly commitSignal: WakeSignal;

  constructor(
    private readonly db: Database,
    private readonly options: SqliteReadStoreOptions = {},
  ) {
    this.commitSignal = new WakeSignal(wakeChannel(db.name, 'read-store'));
    db.exec(CHECKPOINTS_SCHEMA);
    this.tables = new DocumentTables(db);
  }

  collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    this.tables.table(spec.name);
    for (const index of spec.indexes ?? []) this.tables.createIndex(spec.name, index);
    return new SqliteCollection<T>(this.tables, spec.name, (ops) => this.write(ops));
  }

  async commit(ops: WriteOp[], checkpoint?: CheckpointMark | readonly CheckpointMark[]): Promise<void> {
    const marks = checkpointMarks(checkpoint);
    await retryWhileBusy(() => this.write(ops, marks));
  }

  async checkpoint(name: string): Promise<number> {
    const row = this.tables.statements.get('SELECT position FROM read_checkpoints WHERE name = ?').get(name);
    return (row as { position: number } | undefined)?.position ?? 0;
  }

  async reset(collections: string[], checkpointName: string): Promise<void> {
    this.db
      .transaction(() => {
        for (const collection of collections) this.tables.clear(collection);
        this.tables.statements.get('DELETE FROM read_checkpoints WHERE name = ?').run(checkpointName);
      })
      .immediate();
  }

  async close(): Promise<void> {
    this.commitSignal.close();
    if (this.options.ownsDatabase && this.db.open) this.db.close();
  }

  /**
   * One synchronous IMMEDIATE transaction: all writes and the checkpoints, or nothing. Every checkpoint is written
   * first; a fenced one by a statement that only matches the expected position: when it changes no row, the
   * transaction rolls back (the checkpoints stored before it too) before any write is applied.
   */
  private write(ops: WriteOp[], marks: readonly CheckpointMark[] = []): void {
    this.db
      .transaction(() => {
        for (const mark of marks) this.storeCheckpoint(mark);
        for (const op of ops) this.tables.apply(op);
      })
      .immediate();
    this.commitSignal.notify();
  }

  private storeCheckpoint({ name, position, expected }: CheckpointMark): void {
    if (expected === undefined) {
      this.tables.statements.get(UPSERT_CHECKPOINT).run(name, position);
      return;
    }
    // No row reads as position 0: a first commit expects 0 and inserts it. A matched row counts as changed even
    // when it already holds the position, so a mark that re-states its position (position === expected) holds.
    const sql = expected === 0 ? UPSERT_CHECKPOINT_FROM_ZERO : ADVANCE_CHECKPOINT;
    const params = expected === 0 ? [name, position] : [position, name, expected];
    if (this.tables.statements.get(sql).run(...params).changes === 1) return;
    const row = this.tables.statements.get('SELECT position FROM read_checkpoints WHERE name = ?').get(name);
    throw new CheckpointFencedError(name, expected, (row as { position: number } | undefined)?.position ?? 0);
  }
}

const UPSERT_CHECKPOINT = `
  INSERT INTO read_checkpoints (name, position) VALUES (?, ?)
  ON CONFLICT (name) DO UPDATE SET position = excluded.position`;
/** A conflicting row is updated only where it still holds 0 (else no row changes: fenced). */
const UPSERT_CHECKPOINT_FROM_ZERO = `${UPSERT_CHECKPOINT} WHERE read_checkpoints.position = 0`;
const ADVANCE_CHECKPOINT = 'UPDATE read_checkpoints SET position = ? WHERE name = ? AND position = ?';
