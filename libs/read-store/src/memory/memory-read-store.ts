import { fieldSegments, getField, setField, type JsonObject } from '../embedded/field-path';
import { isOperator, scalar, scalarList } from '../filter-values';
import {
  CheckpointFencedError,
  DuplicateKeyError,
  checkpointMarks,
  type CheckpointMark,
  type Collection,
  type CollectionSpec,
  type CountByRow,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type Scalar,
  type Sort,
  type SumByRow,
  type TimeBucket,
  type TimeBucketRow,
  type WriteOp,
} from '../read-store.port';
import { checkedAfter, seekKey } from '../seek';

const COLLECTION_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The documents and checkpoints of an in-memory read store, shared by every MemoryReadStore opened on it (the
 * connections of one database). Nothing is written anywhere: the data lives as long as the object.
 */
export class MemoryReadData {
  readonly collections = new Map<string, Map<string, JsonObject>>();
  readonly checkpoints = new Map<string, number>();
  /** The unique indexes declared on each collection (their field paths). */
  readonly unique = new Map<string, string[][]>();
  /** Per collection, the first field of each declared index, for finds by a numeric range of it. */
  readonly ranges = new Map<string, Map<string, RangeIndex>>();
  /** Per collection, its ids in order, for finds by a range of ids; null once an id came or went. */
  readonly sortedIds = new Map<string, string[] | null>();

  documents(collection: string): Map<string, JsonObject> {
    let docs = this.collections.get(collection);
    if (docs === undefined) {
      if (!COLLECTION_NAME.test(collection)) throw new Error(`Invalid collection name "${collection}"`);
      docs = new Map();
      this.collections.set(collection, docs);
    }
    return docs;
  }

  /** Stores (or, with undefined, deletes) a document, keeping the indexes. */
  set(collection: string, id: string, doc: JsonObject | undefined): void {
    const docs = this.documents(collection);
    const known = docs.has(id);
    if (doc === undefined) docs.delete(id);
    else {
      docs.set(id, doc);
      for (const index of this.ranges.get(collection)?.values() ?? []) index.add(doc, id);
    }
    if (known !== (doc !== undefined)) this.sortedIds.set(collection, null);
  }

  clear(collection: string): void {
    this.documents(collection).clear();
    this.sortedIds.set(collection, null);
    for (const index of this.ranges.get(collection)?.values() ?? []) index.rebuild(new Map());
  }

  ids(collection: string): string[] {
    let ids = this.sortedIds.get(collection);
    if (ids === undefined || ids === null) {
      ids = [...this.documents(collection).keys()].sort(compareText);
      this.sortedIds.set(collection, ids);
    }
    return ids;
  }

  declareRange(collection: string, field: string): void {
    let ranges = this.ranges.get(collection);
    if (ranges === undefined) this.ranges.set(collection, (ranges = new Map()));
    if (ranges.has(field)) return;
    const index = new RangeIndex(getter(field));
    index.rebuild(this.documents(collection));
    ranges.set(field, index);
  }
}

/**
 * The read-store port in memory, with the embedded (SQLite) store's semantics: Mongo-like filters that compare
 * values of one type only, a missing field read as null, nulls first in ascending order, ties broken by id, keyset
 * pages, unique indexes, and commits that apply every write and the (fenced) checkpoint, or nothing.
 *
 * For scratch read models that live as long as one process's job (the what-if sandbox). Documents are kept as they
 * are written (a shallow copy, no serialisation): a writer must not change a document, or an object inside it,
 * after handing it over, as the detector sagas never change a state they have produced. Every read returns a copy.
 */
export class MemoryReadStore implements ReadStore {
  constructor(readonly data: MemoryReadData = new MemoryReadData()) {}

  collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    this.data.documents(spec.name);
    for (const index of spec.indexes ?? []) {
      if (index.fields.length === 0) throw new Error(`Index on ${spec.name} has no fields`);
      if (index.include && index.unique)
        throw new Error(`Unique index on ${spec.name} cannot include fields`);
      for (const field of [...index.fields, ...(index.include ?? [])]) fieldSegments(field);
      if (index.fields[0] !== 'id') this.data.declareRange(spec.name, index.fields[0]);
      if (!index.unique) continue;
      const known = this.data.unique.get(spec.name) ?? [];
      if (!known.some((fields) => fields.join(',') === index.fields.join(',')))
        this.data.unique.set(spec.name, [...known, index.fields]);
    }
    return new MemoryCollection<T>(this.data, spec.name, (ops) => this.apply(ops));
  }

  async commit(ops: WriteOp[], checkpoint?: CheckpointMark | readonly CheckpointMark[]): Promise<void> {
    this.apply(ops, checkpointMarks(checkpoint));
  }

  async checkpoint(name: string): Promise<number> {
    return this.data.checkpoints.get(name) ?? 0;
  }

  async reset(collections: string[], checkpointName: string): Promise<void> {
    for (const collection of collections) this.data.clear(collection);
    this.data.checkpoints.delete(checkpointName);
  }

  async close(): Promise<void> {}

  /**
   * All writes and the checkpoints, or nothing: every fenced checkpoint is checked before any write, and what a
   * failing write had changed before is put back; the checkpoints are stored once every write is applied.
   */
  private apply(ops: WriteOp[], marks: readonly CheckpointMark[] = []): void {
    for (const { name, expected } of marks) {
      if (expected === undefined) continue;
      const stored = this.data.checkpoints.get(name) ?? 0;
      if (stored !== expected) throw new CheckpointFencedError(name, expected, stored);
    }
    const undo: Array<{ collection: string; id: string; doc: JsonObject | undefined }> = [];
    const touched = new Set<string>();
    const undoable = (collection: string, id: string, doc: JsonObject | undefined) => {
      const docs = this.data.documents(collection);
      const key = `${collection}\u0000${id}`;
      if (!touched.has(key)) {
        touched.add(key);
        undo.push({ collection, id, doc: docs.get(id) });
      }
      if (doc !== undefined) this.checkUnique(collection, docs, doc);
      this.data.set(collection, id, doc);
    };
    // Writes that cannot fail leave nothing to put back (a detector batch commits many such).
    const change = ops.every((op) => this.cannotFail(op))
      ? (collection: string, id: string, doc: JsonObject | undefined) => this.data.set(collection, id, doc)
      : undoable;
    try {
      for (const op of ops) this.applyOne(op, change);
    } catch (error) {
      for (const { collection, id, doc } of undo.reverse()) this.data.set(collection, id, doc);
      throw error;
    }
    for (const { name, position } of marks) this.data.checkpoints.set(name, position);
  }

  /**
   * A write that cannot throw: an upsert with an id, or a delete, into a collection already opened (its name was
   * checked) that has no unique index.
   */
  private cannotFail(op: WriteOp): boolean {
    if (!this.data.collections.has(op.collection)) return false;
    if (op.op === 'delete') return true;
    if (op.op !== 'upsert' || this.data.unique.has(op.collection)) return false;
    const id = op.doc.id;
    return typeof id === 'string' && id !== '';
  }

  private applyOne(
    op: WriteOp,
    change: (collection: string, id: string, doc: JsonObject | undefined) => void,
  ): void {
    const docs = this.data.documents(op.collection);
    switch (op.op) {
      case 'upsert': {
        const id = op.doc.id;
        if (typeof id !== 'string' || id === '')
          throw new Error(`A document of ${op.collection} needs a string id`);
        return change(op.collection, id, { ...(op.doc as unknown as JsonObject) });
      }
      case 'delete':
        return change(op.collection, op.id, undefined);
      case 'patch': {
        // Like updateOne without upsert: patching a missing document changes nothing; the id never changes.
        const stored = docs.get(op.id);
        if (stored === undefined) return;
        const doc = copyOf(stored);
        for (const [path, value] of Object.entries(op.set)) if (path !== 'id') setField(doc, path, value);
        return change(op.collection, op.id, doc);
      }
      case 'inc': {
        const stored = docs.get(op.id);
        const doc = stored === undefined ? inserted(op.id, op.setOnInsert) : copyOf(stored);
        for (const [path, by] of Object.entries(op.inc)) {
          const current = getField(doc, path) ?? 0;
          if (typeof current !== 'number')
            throw new Error(`Cannot increment non-numeric "${path}" of ${op.id}`);
          setField(doc, path, current + by);
        }
        return change(op.collection, op.id, doc);
      }
    }
  }

  /** As a unique expression index: another document with the same non-null values of the fields conflicts. */
  private checkUnique(collection: string, docs: Map<string, JsonObject>, doc: JsonObject): void {
    for (const fields of this.data.unique.get(collection) ?? []) {
      const values = fields.map((field) => getField(doc, field));
      if (values.some((value) => value === undefined || value === null)) continue;
      const key = JSON.stringify(values.map(sortable));
      for (const [id, other] of docs) {
        if (id === doc.id) continue;
        if (JSON.stringify(fields.map((field) => sortable(getField(other, field)))) === key)
          throw new DuplicateKeyError(collection, String(doc.id));
      }
    }
  }
}

class MemoryCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly data: MemoryReadData,
    private readonly name: string,
    private readonly write: (ops: WriteOp[]) => void,
  ) {}

  private get docs(): Map<string, JsonObject> {
    return this.data.documents(this.name);
  }

  async get(id: string): Promise<T | null> {
    const doc = this.docs.get(id);
    return doc === undefined ? null : (copyOf(doc) as unknown as T);
  }

  async find(filter?: Filter, options: FindOptions = {}): Promise<T[]> {
    const matches = compileFilter(filter);
    const limit = pagingNumber(options.limit, 'limit');
    const skip = pagingNumber(options.skip, 'skip') ?? 0;
    const order = compileSort(options.sort);
    const after = options.after === undefined ? null : checkedAfter(options.after, options.sort);
    const key = seekKey(options.sort).map(([field, direction]) => ({ get: getter(field), direction }));
    let docs = this.candidates(filter).filter(matches);
    if (after !== null) docs = docs.filter((doc) => compareKey(key, doc, after) > 0);
    docs.sort(order);
    const page = docs.slice(skip, limit === undefined ? undefined : skip + limit);
    return page.map((doc) => copyOf(doc) as unknown as T);
  }

  /**
   * The documents a filter can match, fewer than all where the filter bounds the id, or the first field of a
   * declared index from above with a number: read from the ids in order or the index. The filter still decides.
   */
  private candidates(filter: Filter = {}): JsonObject[] {
    const docs = this.docs;
    const ids = idBounds(filter.id);
    if (ids !== null) {
      const sorted = this.data.ids(this.name);
      const found: JsonObject[] = [];
      for (let at = lowerBound(sorted, ids.from); at < sorted.length; at++) {
        if (ids.to !== null && compareText(sorted[at], ids.to) > 0) break;
        found.push(docs.get(sorted[at]) as JsonObject);
      }
      return found;
    }
    for (const [field, index] of this.data.ranges.get(this.name) ?? []) {
      const bound = upperBound(filter[field]);
      if (bound !== null) return index.atMost(bound, docs);
    }
    return [...docs.values()];
  }

  async count(filter?: Filter): Promise<number> {
    const matches = compileFilter(filter);
    let count = 0;
    for (const doc of this.candidates(filter)) if (matches(doc)) count += 1;
    return count;
  }

  async countBy(field: string, filter?: Filter): Promise<CountByRow[]> {
    const matches = compileFilter(filter);
    const get = getter(field);
    const groups = new Map<string, { kind: string; value: string | number | null; count: number }>();
    for (const doc of this.candidates(filter)) {
      if (!matches(doc)) continue;
      const { kind, value } = typed(get(doc));
      const group = kind === 'integer' || kind === 'real' ? 'number' : kind;
      const key = `${group}\u0000${String(value)}`;
      const known = groups.get(key);
      if (known) known.count += 1;
      else groups.set(key, { kind: group, value, count: 1 });
    }
    return [...groups.values()]
      .sort((a, b) => b.count - a.count || compareText(a.kind, b.kind) || compareValues(a.value, b.value))
      .map((group) => ({ value: toScalar(group.kind, group.value), count: group.count }));
  }

  async countByTime(field: string, bucket: TimeBucket, filter?: Filter): Promise<TimeBucketRow[]> {
    const matches = compileFilter(filter);
    const get = getter(field);
    const counts = new Map<string, number>();
    for (const doc of this.candidates(filter)) {
      const value = get(doc);
      if (typeof value !== 'string' || !matches(doc)) continue;
      const start = bucket === 'hour' ? `${value.slice(0, 13)}:00:00.000Z` : value.slice(0, 10);
      counts.set(start, (counts.get(start) ?? 0) + 1);
    }
    return [...counts]
      .sort(([a], [b]) => compareText(a, b))
      .map(([start, count]) => ({ bucket: start, count }));
  }

  async sumBy(groupFields: string[], sumField: string, filter?: Filter): Promise<SumByRow[]> {
    const matches = compileFilter(filter);
    const groups = groupFields.map(getter);
    const summed = getter(sumField);
    const sums = new Map<string, SumByRow>();
    for (const doc of this.candidates(filter)) {
      if (!matches(doc)) continue;
      const keys = groups.map((get) => typed(get(doc)));
      const key = JSON.stringify(keys.map(({ kind, value }) => [kind, value]));
      const row = sums.get(key) ?? { values: keys.map(({ kind, value }) => toScalar(kind, value)), sum: 0 };
      const value = summed(doc);
      row.sum += typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : 0;
      sums.set(key, row);
    }
    return [...sums.values()];
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

type Predicate = (doc: JsonObject) => boolean;
type Getter = (doc: JsonObject) => unknown;

/** Getters by path: filters and sorts name the same few paths on every query. */
const getters = new Map<string, Getter>();

/** Reads a (checked) dotted path. */
function getter(path: string): Getter {
  let get = getters.get(path);
  if (get !== undefined) return get;
  const segments = fieldSegments(path);
  if (segments.length === 1) {
    const [only] = segments;
    get = (doc) => doc[only];
  } else {
    get = (doc) => {
      let current: unknown = doc;
      for (const segment of segments) {
        if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
        current = (current as JsonObject)[segment];
      }
      return current;
    };
  }
  if (getters.size < 1000) getters.set(path, get);
  return get;
}

function compileFilter(filter: Filter = {}): Predicate {
  const parts: Predicate[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or') {
      if (condition === undefined) continue;
      if (!Array.isArray(condition) || condition.length === 0) throw new Error('$or needs a non-empty array');
      const branches = condition.map((branch: Filter) => compileFilter(branch));
      parts.push((doc) => branches.some((branch) => branch(doc)));
    } else if (key.startsWith('$')) {
      throw new Error(`Unsupported filter operator ${key}`);
    } else {
      parts.push(fieldCondition(getter(key), key, condition));
    }
  }
  if (parts.length === 1) return parts[0];
  return (doc) => parts.every((part) => part(doc));
}

function fieldCondition(get: Getter, path: string, condition: unknown): Predicate {
  if (condition === undefined) throw new Error(`Filter on "${path}" is undefined`);
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) {
    const value = scalar(condition, path);
    return (doc) => equals(get(doc), value);
  }
  const parts: Predicate[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    if (!isOperator(operator)) throw new Error(`Unsupported operator ${operator} on "${path}"`);
    switch (operator) {
      case '$eq': {
        const value = scalar(operand, path);
        parts.push((doc) => equals(get(doc), value));
        break;
      }
      case '$ne': {
        const value = scalar(operand, path);
        parts.push((doc) => !equals(get(doc), value));
        break;
      }
      case '$in': {
        const values = scalarList(operand, path);
        parts.push((doc) => values.some((value) => equals(get(doc), value)));
        break;
      }
      case '$nin': {
        const values = scalarList(operand, path);
        parts.push((doc) => !values.some((value) => equals(get(doc), value)));
        break;
      }
      case '$exists': {
        if (typeof operand !== 'boolean') throw new Error(`$exists on "${path}" needs a boolean`);
        parts.push((doc) => isNullish(get(doc)) !== operand);
        break;
      }
      default: {
        const value = scalar(operand, path);
        const test = RANGES[operator];
        parts.push((doc) => inRange(get(doc), value, test));
      }
    }
  }
  return (doc) => parts.every((part) => part(doc));
}

const RANGES = {
  $gt: (order: number) => order > 0,
  $gte: (order: number) => order >= 0,
  $lt: (order: number) => order < 0,
  $lte: (order: number) => order <= 0,
} as const;

function isNullish(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Equality within one type: true is never 1, a missing field equals null. */
function equals(stored: unknown, value: Scalar): boolean {
  if (value === null) return isNullish(stored);
  return typeof stored === typeof value && stored === value;
}

/** Ranges compare values of one type only; null is only "equal" to null, so $gte/$lte null match missing. */
function inRange(stored: unknown, value: Scalar, test: (order: number) => boolean): boolean {
  if (value === null) return test(0) && isNullish(stored);
  if (typeof stored !== typeof value) return false;
  const a = typeof stored === 'boolean' ? Number(stored) : (stored as string | number);
  const b = typeof value === 'boolean' ? Number(value) : value;
  return test(compareValues(a, b));
}

/**
 * The order of the embedded store (SQLite's order of the values it extracts from JSON): null (missing) first,
 * then numbers and booleans (as 1 and 0), then text (objects and arrays as their JSON text).
 */
function sortable(value: unknown): [rank: number, value: string | number | null] {
  if (isNullish(value)) return [0, null];
  if (typeof value === 'number') return [1, value];
  if (typeof value === 'boolean') return [1, Number(value)];
  if (typeof value === 'string') return [2, value];
  return [2, JSON.stringify(value)];
}

function compareSortable(a: unknown, b: unknown): number {
  const [rankA, valueA] = sortable(a);
  const [rankB, valueB] = sortable(b);
  return rankA - rankB || compareValues(valueA, valueB);
}

function compareValues(a: string | number | null, b: string | number | null): number {
  if (a === b || a === null || b === null) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareText(String(a), String(b));
}

/** Text in code-point order (SQLite's BINARY collation on UTF-8). */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

function compileSort(sort: Sort = []): (a: JsonObject, b: JsonObject) => number {
  for (const [, direction] of sort)
    if (direction !== 'asc' && direction !== 'desc')
      throw new Error(`Invalid sort direction ${String(direction)}`);
  // id last makes the order total when sort keys tie; a sort that names id already is.
  const terms = sort.some(([field]) => field === 'id') ? sort : [...sort, ['id', 'asc'] as const];
  const compiled = terms.map(([field, direction]) => ({
    get: getter(field),
    sign: direction === 'asc' ? 1 : -1,
  }));
  return (a, b) => {
    for (const { get, sign } of compiled) {
      const order = compareSortable(get(a), get(b));
      if (order !== 0) return sign * order;
    }
    return 0;
  };
}

/** Where a document stands against a keyset key, in the order of the sort. */
function compareKey(
  key: Array<{ get: Getter; direction: 'asc' | 'desc' }>,
  doc: JsonObject,
  after: Scalar[],
): number {
  for (let i = 0; i < key.length; i++) {
    const order = compareSortable(key[i].get(doc), after[i]);
    if (order !== 0) return key[i].direction === 'asc' ? order : -order;
  }
  return 0;
}

/** A value as SQLite's json_type and json_extract tell it. */
function typed(value: unknown): { kind: string; value: string | number | null } {
  if (isNullish(value)) return { kind: 'null', value: null };
  if (typeof value === 'boolean') return { kind: value ? 'true' : 'false', value: Number(value) };
  if (typeof value === 'number') return { kind: Number.isInteger(value) ? 'integer' : 'real', value };
  if (typeof value === 'string') return { kind: 'text', value };
  return { kind: Array.isArray(value) ? 'array' : 'object', value: JSON.stringify(value) };
}

function toScalar(kind: string, value: string | number | null): Scalar {
  if (kind === 'true') return true;
  if (kind === 'false') return false;
  return value;
}

function pagingNumber(value: number | undefined, name: string): number | undefined {
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
    throw new Error(`${name} must be a non-negative integer`);
  }
  return value;
}

/** The JSON text of stored documents, written once per document (a stored document is never changed). */
const texts = new WeakMap<JsonObject, string>();

/** A copy as a round trip through JSON gives it (what a stored document reads back as). */
function copyOf(doc: JsonObject): JsonObject {
  let text = texts.get(doc);
  if (text === undefined) texts.set(doc, (text = JSON.stringify(doc)));
  return JSON.parse(text) as JsonObject;
}

function inserted(id: string, setOnInsert: Record<string, unknown> = {}): JsonObject {
  const doc: JsonObject = { id };
  for (const [path, value] of Object.entries(setOnInsert)) if (path !== 'id') setField(doc, path, value);
  return doc;
}

/** The least and greatest id a filter's condition on the id allows (inclusive), or null when it does not bound it. */
function idBounds(condition: unknown): { from: string; to: string | null } | null {
  if (typeof condition === 'string') return { from: condition, to: condition };
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return null;
  const { $eq: eq, $gte: gte, $gt: gt, $lte: lte, $lt: lt } = condition as Record<string, unknown>;
  if (typeof eq === 'string') return { from: eq, to: eq };
  const from = typeof gte === 'string' ? gte : typeof gt === 'string' ? gt : null;
  const to = typeof lte === 'string' ? lte : typeof lt === 'string' ? lt : null;
  if (from === null && to === null) return null;
  return { from: from ?? '', to };
}

/** The number a condition bounds a field by from above ($lte, $lt, or equality), or null. */
function upperBound(condition: unknown): number | null {
  if (typeof condition === 'number') return condition;
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return null;
  const { $eq: eq, $lte: lte, $lt: lt } = condition as Record<string, unknown>;
  for (const bound of [eq, lte, lt]) if (typeof bound === 'number' && Number.isFinite(bound)) return bound;
  return null;
}

/** The first position in sorted ids whose id is not before `id`. */
function lowerBound(sorted: string[], id: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareText(sorted[middle], id) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The numeric values of one field of a collection's documents in a min-heap, for the documents whose value is at
 * most a bound (a walk of the heap's top, which holds them). Every write pushes the written value; entries whose
 * document has since changed or gone are skipped as they are met, and the heap is rebuilt once they outnumber the
 * documents.
 */
class RangeIndex {
  private values: number[] = [];
  private ids: string[] = [];

  constructor(private readonly get: Getter) {}

  add(doc: JsonObject, id: string): void {
    const value = this.get(doc);
    if (typeof value !== 'number') return;
    let index = this.values.length;
    this.values.push(value);
    this.ids.push(id);
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.values[parent] <= value) break;
      this.values[index] = this.values[parent];
      this.ids[index] = this.ids[parent];
      index = parent;
    }
    this.values[index] = value;
    this.ids[index] = id;
  }

  rebuild(docs: Map<string, JsonObject>): void {
    this.values = [];
    this.ids = [];
    for (const [id, doc] of docs) this.add(doc, id);
  }

  /** Every document whose value is a number at most `bound` (and maybe a few more, which the filter drops). */
  atMost(bound: number, docs: Map<string, JsonObject>): JsonObject[] {
    if (this.values.length > 2 * docs.size + 1024) this.rebuild(docs);
    const found = new Map<string, JsonObject>();
    let stale = 0;
    const stack = this.values.length > 0 ? [0] : [];
    while (stack.length > 0) {
      const index = stack.pop() as number;
      if (this.values[index] > bound) continue;
      const id = this.ids[index];
      const doc = docs.get(id);
      if (doc !== undefined && this.get(doc) === this.values[index]) found.set(id, doc);
      else stale += 1;
      const left = 2 * index + 1;
      if (left < this.values.length) stack.push(left);
      if (left + 1 < this.values.length) stack.push(left + 1);
    }
    // Entries of documents since changed that are still within bounds would be walked again by every find.
    if (stale > 64 + found.size) this.rebuild(docs);
    return [...found.values()];
  }
}
