import type { Database } from '@lorawatch/sqlite/open-database';
import { StatementCache } from '@lorawatch/sqlite/statement-cache';
import { DuplicateKeyError, type IndexSpec, type WriteOp } from '../read-store.port';
import { getField, setField, type JsonObject } from './field-path';
import { fieldSql } from './sql-filter';

const COLLECTION_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Collection `x` is table rs_x(id, doc JSON); documents are read and written whole. */
export class DocumentTables {
  readonly statements: StatementCache;
  private readonly created = new Set<string>();
  /** Indexes already declared on this connection. */
  private readonly indexed = new Set<string>();

  constructor(private readonly db: Database) {
    this.statements = new StatementCache(db);
  }

  /** Creates the collection's table on first use and returns its (validated) name. */
  table(collection: string): string {
    if (!COLLECTION_NAME.test(collection)) throw new Error(`Invalid collection name "${collection}"`);
    const table = `rs_${collection}`;
    if (!this.created.has(table)) {
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
      this.created.add(table);
    }
    return table;
  }

  /**
   * Expression indexes on the same json_extract text the filters produce, so SQLite can use them. An index with
   * `include` is a covering one: after the key fields it holds the id, the included fields and the json_type of
   * every field, which is all a filter, a sort (ties broken by id) or a group on those fields reads, so such
   * queries never open the (large) documents.
   */
  createIndex(collection: string, index: IndexSpec): void {
    // collection() is called on every read: after the first time, only this key is built, no SQL.
    const include = index.include;
    const key = `${collection}(${index.fields.join(',')})${index.unique ? ' unique' : ''}${include ? `+${include.join(',')}` : ''}`;
    if (this.indexed.has(key)) return;
    const table = this.table(collection);
    if (index.fields.length === 0) throw new Error(`Index on ${collection} has no fields`);
    if (include && index.unique) throw new Error(`Unique index on ${collection} cannot include fields`);
    const part = (field: string) => field.replace(/\./g, '_');
    const name = [
      table,
      ...index.fields.map(part),
      ...(include ? ['with', ...include.map(part)] : []),
      index.unique ? 'unique' : include ? 'cover' : 'ix',
    ];
    const columns = include
      ? [
          ...index.fields.map((field) => fieldSql(field).value),
          'id',
          ...include.map((field) => fieldSql(field).value),
          ...[...index.fields, ...include]
            .filter((field) => field !== 'id')
            .map((field) => fieldSql(field).type),
        ]
      : index.fields.map((field) => fieldSql(field).value);
    this.db.exec(
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name.join('__')} ON ${table} (${columns.join(', ')})`,
    );
    this.indexed.add(key);
  }

  get(collection: string, id: string): JsonObject | null {
    const row = this.statements.get(`SELECT doc FROM ${this.table(collection)} WHERE id = ?`).get(id);
    return isDocRow(row) ? (JSON.parse(row.doc) as JsonObject) : null;
  }

  put(collection: string, doc: JsonObject): void {
    const id = doc.id;
    if (typeof id !== 'string' || id === '') throw new Error(`A document of ${collection} needs a string id`);
    try {
      this.statements
        .get(
          `INSERT INTO ${this.table(collection)} (id, doc) VALUES (?, ?)
           ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
        )
        .run(id, JSON.stringify(doc));
    } catch (error) {
      // The only other unique constraints on the table are declared unique indexes.
      if (errorCode(error) === 'SQLITE_CONSTRAINT_UNIQUE') throw new DuplicateKeyError(collection, id);
      throw error;
    }
  }

  remove(collection: string, id: string): void {
    this.statements.get(`DELETE FROM ${this.table(collection)} WHERE id = ?`).run(id);
  }

  clear(collection: string): void {
    this.statements.get(`DELETE FROM ${this.table(collection)}`).run();
  }

  /** Applies one write with Mongo's meaning; the caller provides the transaction. */
  apply(op: WriteOp): void {
    switch (op.op) {
      case 'upsert':
        return this.put(op.collection, { ...op.doc });
      case 'delete':
        return this.remove(op.collection, op.id);
      case 'patch': {
        // Like updateOne without upsert: patching a missing document changes nothing; the id never changes.
        const doc = this.get(op.collection, op.id);
        if (!doc) return;
        for (const [path, value] of Object.entries(op.set)) {
          if (path !== 'id') setField(doc, path, value);
        }
        return this.put(op.collection, doc);
      }
      case 'inc': {
        const doc = this.get(op.collection, op.id) ?? this.inserted(op.id, op.setOnInsert);
        for (const [path, by] of Object.entries(op.inc)) {
          const current = getField(doc, path) ?? 0;
          if (typeof current !== 'number') {
            throw new Error(`Cannot increment non-numeric "${path}" of ${op.id}`);
          }
          setField(doc, path, current + by);
        }
        return this.put(op.collection, doc);
      }
    }
  }

  private inserted(id: string, setOnInsert: Record<string, unknown> = {}): JsonObject {
    const doc: JsonObject = { id };
    for (const [path, value] of Object.entries(setOnInsert)) {
      if (path !== 'id') setField(doc, path, value);
    }
    return doc;
  }
}

export function isDocRow(row: unknown): row is { doc: string } {
  return typeof row === 'object' && row !== null && typeof (row as { doc?: unknown }).doc === 'string';
}

/** better-sqlite3's SqliteError is not a real Error instance, so it is recognised by its code. */
function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}
