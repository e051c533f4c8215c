import type {
  Collection,
  CountByRow,
  Doc,
  Filter,
  FindOptions,
  Scalar,
  Sort,
  SumByRow,
  TimeBucket,
  TimeBucketRow,
  WriteOp,
} from '../read-store.port';
import { isDocRow, type DocumentTables } from './document-tables';
import { checkedAfter } from '../seek';
import { and, fieldSql, filterToSql, seekParts, sortToSql, type SqlFragment } from './sql-filter';

/** Reads run straight on the table; writes go through the store so they share its transaction rule. */
export class SqliteCollection<T extends Doc> implements Collection<T> {
  private readonly table: string;

  constructor(
    private readonly tables: DocumentTables,
    private readonly name: string,
    private readonly write: (ops: WriteOp[]) => void,
  ) {
    this.table = tables.table(name);
  }

  async get(id: string): Promise<T | null> {
    return this.tables.get(this.name, id) as T | null;
  }

  async find(filter?: Filter, options: FindOptions = {}): Promise<T[]> {
    const where = filterToSql(filter);
    const limit = pagingNumber(options.limit, 'limit') ?? -1;
    const skip = pagingNumber(options.skip, 'skip') ?? 0;
    if (options.after === undefined) return this.page(where, options.sort, limit, skip);
    // Each part holds the documents after the key in one stretch of the order (see seekParts).
    const parts = seekParts(options.sort, checkedAfter(options.after, options.sort));
    const docs: T[] = [];
    let toSkip = skip;
    for (const part of parts) {
      const within = and(where, part);
      const wanted = limit < 0 ? -1 : limit - docs.length;
      docs.push(...this.page(within, options.sort, wanted, toSkip));
      if (limit >= 0 && docs.length >= limit) break;
      // The skip carries over to the next stretch only past the documents of this one.
      if (toSkip > 0) toSkip = Math.max(0, toSkip - this.countWhere(within));
    }
    return docs;
  }

  /**
   * One page in the sort order. With a skip, the rows are chosen by rowid in a subquery first, so that the rows
   * skipped are read from an index that covers the filter and the sort, when there is one, not as documents.
   */
  private page(where: SqlFragment, sort: Sort | undefined, limit: number, skip: number): T[] {
    if (limit === 0) return [];
    const order = sortToSql(sort);
    const sql =
      skip > 0
        ? `SELECT doc FROM ${this.table} WHERE rowid IN (SELECT rowid FROM ${this.table} WHERE ${where.sql}
           ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`
        : `SELECT doc FROM ${this.table} WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`;
    const rows = this.tables.statements.get(sql).all(...where.params, limit, skip);
    return rows.filter(isDocRow).map((row) => JSON.parse(row.doc) as T);
  }

  private countWhere(where: SqlFragment): number {
    const row = this.tables.statements
      .get(`SELECT COUNT(*) AS count FROM ${this.table} WHERE ${where.sql}`)
      .get(...where.params);
    return (row as { count: number }).count;
  }

  async count(filter?: Filter): Promise<number> {
    return this.countWhere(filterToSql(filter));
  }

  async countBy(field: string, filter?: Filter): Promise<CountByRow[]> {
    const where = filterToSql(filter);
    const { value, type } = fieldSql(field);
    // Grouping on the JSON type too keeps true apart from 1, and folds a missing field into null.
    const kind = `CASE WHEN ${type} IN ('integer', 'real') THEN 'number' ELSE COALESCE(${type}, 'null') END`;
    const sql = `SELECT kind, value, COUNT(*) AS count FROM (${matching(
      `${kind} AS kind, ${value} AS value`,
      this.table,
      where,
    )}) GROUP BY kind, value ORDER BY count DESC, kind, value`;
    const rows = this.tables.statements.get(sql).all(...where.params) as Array<{
      kind: string;
      value: string | number | null;
      count: number;
    }>;
    return rows.map((row) => ({ value: toScalar(row.kind, row.value), count: row.count }));
  }

  async sumBy(groupFields: string[], sumField: string, filter?: Filter): Promise<SumByRow[]> {
    const where = filterToSql(filter);
    const groups = groupFields.map((field) => fieldSql(field));
    const sum = fieldSql(sumField).value;
    const columns = groups.flatMap((group, i) => [`${group.type} AS k${i}`, `${group.value} AS v${i}`]);
    const keys = groups.flatMap((_g, i) => [`k${i}`, `v${i}`]);
    const groupBy = groups.length === 0 ? '' : `GROUP BY ${keys.join(', ')}`;
    const sql = `SELECT ${[...keys, 'TOTAL(s) AS sum', 'COUNT(*) AS n'].join(', ')}
      FROM (${matching([...columns, `${sum} AS s`].join(', '), this.table, where)}) ${groupBy}`;
    const rows = this.tables.statements.get(sql).all(...where.params) as Array<Record<string, unknown>>;
    return rows
      .filter((row) => (row.n as number) > 0)
      .map((row) => ({
        values: groups.map((_g, i) => toScalar(String(row[`k${i}`]), row[`v${i}`] as string | number | null)),
        sum: row.sum as number,
      }));
  }

  /** Buckets by the text of ISO-8601 UTC timestamps, which sorts and truncates like the time itself. */
  async countByTime(field: string, bucket: TimeBucket, filter?: Filter): Promise<TimeBucketRow[]> {
    const where = filterToSql(filter);
    const { value, type } = fieldSql(field);
    const start = bucket === 'hour' ? `substr(${value}, 1, 13) || ':00:00.000Z'` : `substr(${value}, 1, 10)`;
    const text = { sql: `${type} IS 'text' AND ${where.sql}`, params: where.params };
    const sql = `SELECT bucket, COUNT(*) AS count FROM (${matching(`${start} AS bucket`, this.table, text)})
      GROUP BY bucket ORDER BY bucket`;
    return this.tables.statements.get(sql).all(...where.params) as TimeBucketRow[];
  }

  async upsert(doc: T): Promise<void> {
    this.write([{ op: 'upsert', collection: this.name, doc }]);
  }

  async patch(id: string, set: Partial<T> & Record<string, unknown>): Promise<void> {
    this.write([{ op: 'patch', collection: this.name, id, set }]);
  }

  async delete(id: string): Promise<void> {
    this.write([{ op: 'delete', collection: this.name, id }]);
  }
}

/**
 * The columns of the matching rows, as a subquery for a GROUP BY around it: its LIMIT keeps SQLite from merging it
 * into the grouping query, so that a covering index of the expressions (an index with `include`) answers it
 * without reading the documents, which SQLite does not do for the grouping query itself.
 */
function matching(columns: string, table: string, where: SqlFragment): string {
  return `SELECT ${columns} FROM ${table} WHERE ${where.sql} LIMIT -1`;
}

function pagingNumber(value: number | undefined, name: string): number | undefined {
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
    throw new Error(`${name} must be a non-negative integer`);
  }
  return value;
}

function toScalar(kind: string, value: string | number | null): Scalar {
  if (kind === 'true') return true;
  if (kind === 'false') return false;
  return value;
}
