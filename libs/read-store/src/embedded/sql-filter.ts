import type { FieldCondition, Filter, Scalar, Sort } from '../read-store.port';
import { fieldSegments } from './field-path';
import { isOperator, scalar, scalarList, type Operator } from '../filter-values';
import { seekKey } from '../seek';

export type SqlValue = string | number | null;

export interface SqlFragment {
  sql: string;
  params: SqlValue[];
}

/** A document field in SQL: its value (json_extract) and its JSON type (json_type, NULL when missing). */
export interface FieldSql {
  value: string;
  type: string;
}

/**
 * json_extract returns 1/0 for JSON booleans and NULL for both JSON null and a missing field, so every
 * comparison is guarded by json_type: true never equals 1, and "missing" behaves like null as in Mongo.
 * Every fragment evaluates to 0 or 1, never NULL, so NOT (for $ne/$nin) keeps Mongo's meaning.
 */
export function fieldSql(path: string): FieldSql {
  // The id column is the primary key, so filters and sorts on id use it directly.
  if (path === 'id') return { value: 'id', type: `'text'` };
  const jsonPath = `'$.${fieldSegments(path).join('.')}'`;
  return { value: `json_extract(doc, ${jsonPath})`, type: `json_type(doc, ${jsonPath})` };
}

export function filterToSql(filter: Filter = {}): SqlFragment {
  const parts: SqlFragment[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or') {
      if (condition === undefined) continue;
      if (!Array.isArray(condition) || condition.length === 0) throw new Error('$or needs a non-empty array');
      parts.push(
        join(
          condition.map((branch: Filter) => filterToSql(branch)),
          'OR',
        ),
      );
    } else if (key.startsWith('$')) {
      throw new Error(`Unsupported filter operator ${key}`);
    } else {
      parts.push(fieldCondition(fieldSql(key), key, condition));
    }
  }
  return join(parts, 'AND');
}

export function sortToSql(sort: Sort = []): string {
  const terms = sort.map(([field, direction]) => {
    if (direction !== 'asc' && direction !== 'desc')
      throw new Error(`Invalid sort direction ${String(direction)}`);
    return `${fieldSql(field).value} ${direction.toUpperCase()}`;
  });
  // id last makes paging with skip/limit deterministic when sort keys tie; a sort that names id already is.
  return (sort.some(([field]) => field === 'id') ? terms : [...terms, 'id ASC']).join(', ');
}

/**
 * The documents after `after` (the values of `seekKey(sort)`) in the order of `sortToSql(sort)`, as the
 * conditions of the stretches of that order to read one after the other: SQLite puts nulls first ascending and
 * last descending, so the first key field splits the order into its null and non-null stretch. The stretch the
 * key falls in bounds the first field with a plain range, which an index on it can seek to; the later fields
 * and the id only break ties.
 */
export function seekParts(sort: Sort | undefined, after: Scalar[]): SqlFragment[] {
  const key = seekKey(sort).map(([field, direction]) => ({ value: fieldSql(field).value, direction }));
  const values = after.map((value) => (value === null ? null : bind(value)));
  const [first, ...rest] = key;
  const [firstValue, ...restValues] = values;
  const ties = rest.length === 0 ? null : beyondAll(rest, restValues);
  const isNull = { sql: `${first.value} IS NULL`, params: [] };
  const notNull = { sql: `${first.value} IS NOT NULL`, params: [] };
  if (firstValue === null) {
    const sameFirst = ties ? and(isNull, ties) : { sql: '0', params: [] };
    return first.direction === 'asc' ? [sameFirst, notNull] : [sameFirst];
  }
  const inclusive = first.direction === 'asc' ? '>=' : '<=';
  const strict = first.direction === 'asc' ? '>' : '<';
  const range = { sql: `${first.value} ${inclusive} ?`, params: [firstValue] };
  const past: SqlFragment = ties
    ? {
        sql: `(${first.value} ${strict} ? OR (${first.value} = ? AND ${ties.sql}))`,
        params: [firstValue, firstValue, ...ties.params],
      }
    : { sql: `${first.value} ${strict} ?`, params: [firstValue] };
  const nonNull = and(range, past);
  return first.direction === 'asc' ? [nonNull] : [nonNull, isNull];
}

/** After the values in the order of the fields: past the first, or equal to it and after the rest. */
function beyondAll(
  fields: Array<{ value: string; direction: 'asc' | 'desc' }>,
  values: SqlValue[],
): SqlFragment {
  const [field, ...rest] = fields;
  const [value, ...restValues] = values;
  const past = beyond(field.value, field.direction, value);
  if (rest.length === 0) return past;
  const later = beyondAll(rest, restValues);
  return {
    sql: `(${past.sql} OR (${field.value} IS ? AND ${later.sql}))`,
    params: [...past.params, value, ...later.params],
  };
}

function beyond(value: string, direction: 'asc' | 'desc', after: SqlValue): SqlFragment {
  if (direction === 'asc') {
    return after === null
      ? { sql: `${value} IS NOT NULL`, params: [] }
      : { sql: `${value} > ?`, params: [after] };
  }
  return after === null
    ? { sql: '0', params: [] }
    : { sql: `(${value} < ? OR ${value} IS NULL)`, params: [after] };
}

/** Both fragments. */
export function and(left: SqlFragment, right: SqlFragment): SqlFragment {
  return join([left, right], 'AND');
}

const RANGE_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function fieldCondition(field: FieldSql, path: string, condition: unknown): SqlFragment {
  if (condition === undefined) throw new Error(`Filter on "${path}" is undefined`);
  if (!isCondition(condition)) return equals(field, scalar(condition, path));
  const parts: SqlFragment[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    if (!isOperator(operator)) throw new Error(`Unsupported operator ${operator} on "${path}"`);
    parts.push(operatorSql(field, path, operator, operand));
  }
  return join(parts, 'AND');
}

function operatorSql(field: FieldSql, path: string, operator: Operator, operand: unknown): SqlFragment {
  switch (operator) {
    case '$eq':
      return equals(field, scalar(operand, path));
    case '$ne':
      return not(equals(field, scalar(operand, path)));
    case '$in':
      return oneOf(field, scalarList(operand, path));
    case '$nin':
      return not(oneOf(field, scalarList(operand, path)));
    case '$exists':
      if (typeof operand !== 'boolean') throw new Error(`$exists on "${path}" needs a boolean`);
      return { sql: `${field.value} IS ${operand ? 'NOT NULL' : 'NULL'}`, params: [] };
    default:
      return range(field, RANGE_SQL[operator], scalar(operand, path));
  }
}

function equals(field: FieldSql, value: Scalar): SqlFragment {
  if (value === null) return { sql: `${field.value} IS NULL`, params: [] };
  return { sql: `(${typeGuard(field, value)} AND ${field.value} = ?)`, params: [bind(value)] };
}

function oneOf(field: FieldSql, values: Scalar[]): SqlFragment {
  const parts: SqlFragment[] = [];
  if (values.includes(null)) parts.push({ sql: `${field.value} IS NULL`, params: [] });
  for (const kind of ['string', 'number', 'boolean'] as const) {
    const ofKind = values.filter((value) => typeof value === kind) as Array<string | number | boolean>;
    if (ofKind.length === 0) continue;
    const placeholders = ofKind.map(() => '?').join(', ');
    parts.push({
      sql: `(${typeGuard(field, ofKind[0])} AND ${field.value} IN (${placeholders}))`,
      params: ofKind.map(bind),
    });
  }
  return parts.length === 0 ? { sql: '0', params: [] } : join(parts, 'OR');
}

/** Mongo compares within one type only; null is only "equal" to null (so $gte/$lte null match missing). */
function range(field: FieldSql, sqlOperator: string, value: Scalar): SqlFragment {
  if (value === null) {
    return sqlOperator.includes('=')
      ? { sql: `${field.value} IS NULL`, params: [] }
      : { sql: '0', params: [] };
  }
  return { sql: `(${typeGuard(field, value)} AND ${field.value} ${sqlOperator} ?)`, params: [bind(value)] };
}

function typeGuard(field: FieldSql, value: string | number | boolean): string {
  if (typeof value === 'string') return `${field.type} IS 'text'`;
  if (typeof value === 'number') return `(${field.type} IS 'integer' OR ${field.type} IS 'real')`;
  return `(${field.type} IS 'true' OR ${field.type} IS 'false')`;
}

/** SQLite has no boolean type: JSON true/false are extracted as 1/0. */
function bind(value: string | number | boolean): SqlValue {
  return typeof value === 'boolean' ? Number(value) : value;
}

function not(fragment: SqlFragment): SqlFragment {
  return { sql: `NOT (${fragment.sql})`, params: fragment.params };
}

function join(parts: SqlFragment[], operator: 'AND' | 'OR'): SqlFragment {
  if (parts.length === 0) return { sql: operator === 'AND' ? '1' : '0', params: [] };
  if (parts.length === 1) return parts[0];
  return {
    sql: `(${parts.map((part) => part.sql).join(` ${operator} `)})`,
    params: parts.flatMap((p) => p.params),
  };
}

function isCondition(value: unknown): value is FieldCondition {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
