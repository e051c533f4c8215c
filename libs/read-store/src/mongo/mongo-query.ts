import type { Document } from 'mongodb';
import type { Filter, Scalar, Sort } from '../read-store.port';
import { seekKey } from '../seek';
import { fieldSegments } from '../embedded/field-path';
import { isOperator, scalar, scalarList, type Operator } from '../filter-values';

/**
 * Port filters and sorts as Mongo query documents. Mongo already has the port's meaning for most operators
 * (type bracketing, null matching a missing field, $ne/$nin matching a missing field); only $exists and
 * range comparisons with null differ, and are rewritten to what the SQLite adapter does.
 */

const COLLECTION_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Same naming as the SQLite tables, so that no collection of the port can collide with the checkpoints. */
export const CHECKPOINTS_COLLECTION = 'read_checkpoints';

export function mongoCollectionName(collection: string): string {
  if (!COLLECTION_NAME.test(collection)) throw new Error(`Invalid collection name "${collection}"`);
  return `rs_${collection}`;
}

/** A document's id is also its _id, so filters, sorts and groups on id use the primary index. */
export function mongoPath(path: string): string {
  fieldSegments(path);
  return path === 'id' ? '_id' : path;
}

/** An operator document on one field, or a $or clause. */
type Clause = { path: string; condition: Document } | { or: Document[] };

/** Matches nothing: `$in` of no value. */
const NOTHING: Document = { $in: [] };

export function toMongoFilter(filter: Filter = {}): Document {
  if (!isPlainObject(filter)) throw new Error('A filter must be an object');
  const clauses: Clause[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or') {
      if (condition === undefined) continue;
      if (!Array.isArray(condition) || condition.length === 0) throw new Error('$or needs a non-empty array');
      clauses.push({ or: condition.map((branch: Filter) => toMongoFilter(branch)) });
    } else if (key.startsWith('$')) {
      throw new Error(`Unsupported filter operator ${key}`);
    } else {
      clauses.push(...fieldClauses(key, condition));
    }
  }
  return combine(clauses);
}

/** Sorted by the given fields, then by id so that skip/limit pages are deterministic when keys tie. */
export function toMongoSort(sort: Sort = []): Array<[string, 1 | -1]> {
  const terms: Array<[string, 1 | -1]> = [];
  for (const [field, direction] of sort) {
    if (direction !== 'asc' && direction !== 'desc') {
      throw new Error(`Invalid sort direction ${String(direction)}`);
    }
    const path = mongoPath(field);
    // A repeated key can no longer change the order, and Mongo would move it to the first position.
    if (!terms.some(([seen]) => seen === path)) terms.push([path, direction === 'asc' ? 1 : -1]);
  }
  if (!terms.some(([path]) => path === '_id')) terms.push(['_id', 1]);
  return terms;
}

/**
 * The documents after the key `after` (the values of `seekKey(sort)`) in the order of `toMongoSort(sort)`: past
 * the first field's value, or equal to it and after the rest. Mongo sorts null (and a missing field) first
 * ascending and last descending, as the SQLite adapter does.
 */
export function seekFilter(sort: Sort | undefined, after: Scalar[]): Document {
  const key = seekKey(sort);
  const build = (index: number): Document => {
    const [field, direction] = key[index];
    const path = mongoPath(field);
    const value = after[index];
    const past = beyond(path, direction, value);
    if (index === key.length - 1) return past;
    return { $or: [past, { $and: [{ [path]: { $eq: value } }, build(index + 1)] }] };
  };
  return build(0);
}

function beyond(path: string, direction: 'asc' | 'desc', value: Scalar): Document {
  if (direction === 'asc') return value === null ? { [path]: { $ne: null } } : { [path]: { $gt: value } };
  return value === null
    ? { [path]: NOTHING }
    : { $or: [{ [path]: { $lt: value } }, { [path]: { $eq: null } }] };
}

export function pagingNumber(value: number | undefined, name: string): number | undefined {
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
    throw new Error(`${name} must be a non-negative integer`);
  }
  return value;
}

/** Both filters must hold; an empty side is left out. */
export function andFilters(...filters: Document[]): Document {
  const parts = filters.filter((filter) => Object.keys(filter).length > 0);
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0] : { $and: parts };
}

function fieldClauses(key: string, condition: unknown): Clause[] {
  const path = mongoPath(key);
  if (condition === undefined) throw new Error(`Filter on "${key}" is undefined`);
  if (!isPlainObject(condition)) return [{ path, condition: { $eq: scalar(condition, key) } }];
  return Object.entries(condition).map(([operator, operand]) => {
    if (!isOperator(operator)) throw new Error(`Unsupported operator ${operator} on "${key}"`);
    return { path, condition: operatorCondition(key, operator, operand) };
  });
}

function operatorCondition(key: string, operator: Operator, operand: unknown): Document {
  switch (operator) {
    case '$in':
    case '$nin':
      return { [operator]: scalarList(operand, key) };
    case '$exists':
      // The port's $exists ignores null values: Mongo's own $exists would count a stored null as present.
      if (typeof operand !== 'boolean') throw new Error(`$exists on "${key}" needs a boolean`);
      return operand ? { $ne: null } : { $eq: null };
    case '$gte':
    case '$lte':
    case '$gt':
    case '$lt': {
      const value = scalar(operand, key);
      if (value !== null) return { [operator]: value };
      // null is only "equal" to null (or a missing field), never greater or smaller than anything.
      return operator === '$gte' || operator === '$lte' ? { $eq: null } : NOTHING;
    }
    default:
      return { [operator]: scalar(operand, key) };
  }
}

/** One query document; an operator that repeats on the same field (from $exists rewrites) goes to $and. */
function combine(clauses: Clause[]): Document {
  const merged: Document = {};
  const extra: Document[] = [];
  for (const clause of clauses) {
    if ('or' in clause) {
      if (merged.$or === undefined) merged.$or = clause.or;
      else extra.push({ $or: clause.or });
      continue;
    }
    const existing = merged[clause.path] as Document | undefined;
    if (existing === undefined) merged[clause.path] = { ...clause.condition };
    else if (Object.keys(clause.condition).some((operator) => operator in existing)) {
      extra.push({ [clause.path]: clause.condition });
    } else Object.assign(existing, clause.condition);
  }
  if (extra.length > 0) merged.$and = extra;
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
