import type {
  Collection,
  CountByRow,
  Doc,
  Filter,
  FindOptions,
  Scalar,
  SumByRow,
  TimeBucket,
  TimeBucketRow,
  WriteOp,
} from '../read-store.port';
import { isDocRow, type DocumentTables } from './document-tables';
import { fieldSql, filterToSql, sortToSql } from './sql-filter';

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
    const sql = `SELECT doc FROM ${this.table} WHERE ${where.sql} ORDER BY ${sortToSql(options.sort)} LIMIT ? OFFSET ?`;
    const rows = this.tables.statements
      .get(sql)
      .all(
        ...where.params,
        pagingNumber(options.limit, 'limit') ?? -1,
        pagingNumber(options.skip, 'skip') ?? 0,
      );
    return rows.filter(isDocRow).map((row) => JSON.parse(row.doc) as T);
  }

  async count(filter?: Filter): Promise<number> {
    const where = filterToSql(filter);
    const row = this.tables.statements
      .get(`SELECT COUNT(*) AS count FROM ${this.table} WHERE ${where.sql}`)
      .get(...where.params);
    return (row as { count: number }).count;
  }

  async countBy(field: string, filter?: Filter): Promise<CountByRow[]> {
    const where = filterToSql(filter);
    const { value, type } = fieldSql(field);
    // Grouping on the JSON type too keeps true apart from 1, and folds a missing field into null.
    const kind = `CASE WHEN ${type} IN ('integer', 'real') THEN 'number' ELSE COALESCE(${type}, 'null') END`;
    const sql = `SELECT ${kind} AS kind, ${value} AS value, COUNT(*) AS count FROM ${this.table}
      WHERE ${where.sql} GROUP BY kind, value ORDER BY count DESC, kind, value`;
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
    const groupBy = groups.length === 0 ? '' : `GROUP BY ${groups.map((_g, i) => `k${i}, v${i}`).join(', ')}`;
    const sql = `SELECT ${[...columns, `TOTAL(${sum}) AS sum`, 'COUNT(*) AS n'].join(', ')} FROM ${this.table}
      WHERE ${where.sql} ${groupBy}`;
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
    const sql = `SELECT ${start} AS bucket, COUNT(*) AS count FROM ${this.table}
      WHERE ${type} IS 'text' AND ${where.sql} GROUP BY bucket ORDER BY bucket`;
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
