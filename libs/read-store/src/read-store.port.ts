/**
 * Read store port, shaped on MongoDB semantics: typed document collections with declared indexes,
 * filters with a small operator set, sorting, paging, counts, counts by field and by time bucket,
 * and an atomic unit of work that also stores a projection checkpoint.
 */
export type Scalar = string | number | boolean | null;

export interface FieldCondition {
  $eq?: Scalar;
  $ne?: Scalar;
  $in?: Scalar[];
  $nin?: Scalar[];
  $gt?: Scalar;
  $gte?: Scalar;
  $lt?: Scalar;
  $lte?: Scalar;
  /** true: field present and not null; false: absent or null. */
  $exists?: boolean;
}

/** Field paths use dots for nested fields ("parameters.dev_eui"). A bare scalar means equality. */
export interface Filter {
  $or?: Filter[];
  [field: string]: Scalar | FieldCondition | Filter[] | undefined;
}

export type SortDirection = 'asc' | 'desc';
export type Sort = Array<[field: string, direction: SortDirection]>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  /**
   * Keyset paging: only the documents that come after this key in the sort order, where the key is the values
   * of `seekKey(sort)` (the sort fields, then the id) of the last document of the page before (`seekValues`).
   * An index that starts with the filter's equality fields and the sort fields makes a deep page as cheap as
   * the first. The sort fields of a seek hold values of one type, or null (nulls come first ascending, last
   * descending, as in sort); `skip` still applies after the key.
   */
  after?: Scalar[];
}

export interface CountByRow {
  value: Scalar;
  count: number;
}

/** One group of a sum: the values of the grouping fields, in the order asked, and the sum of the summed field. */
export interface SumByRow {
  values: Scalar[];
  sum: number;
}

export type TimeBucket = 'hour' | 'day';

export interface TimeBucketRow {
  /** Bucket start: "YYYY-MM-DDTHH:00:00.000Z" for hours, "YYYY-MM-DD" for days (UTC). */
  bucket: string;
  count: number;
}

export interface Doc {
  id: string;
}

export interface IndexSpec {
  fields: string[];
  unique?: boolean;
  /**
   * Fields stored in the index after the key fields (and the id), so that queries that filter, sort, count or
   * sum on those fields only can be answered from the index without reading the documents (a covering index).
   * Not for unique indexes.
   */
  include?: string[];
}

export interface CollectionSpec {
  name: string;
  indexes?: IndexSpec[];
}

export type WriteOp =
  | { op: 'upsert'; collection: string; doc: Doc }
  | { op: 'patch'; collection: string; id: string; set: Record<string, unknown> }
  | {
      op: 'inc';
      collection: string;
      id: string;
      inc: Record<string, number>;
      setOnInsert?: Record<string, unknown>;
    }
  | { op: 'delete'; collection: string; id: string };

/** A write would give two documents of a collection the same value of a unique index (Mongo's E11000). */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`Duplicate key in collection ${collection}: document ${id} breaks a unique index`);
    this.name = 'DuplicateKeyError';
  }
}

/**
 * The checkpoint a commit stores with its writes. `expected` fences the commit: the position the committer read
 * before the batch it commits (0 when there was no checkpoint yet). When the stored checkpoint is no longer that
 * position (another consumer committed since, or the read model was reset), nothing of the commit is written and
 * it fails with CheckpointFencedError. Without `expected` the checkpoint is stored whatever it was.
 */
export interface CheckpointMark {
  name: string;
  position: number;
  expected?: number;
}

/** A fenced commit found its checkpoint moved since the committer read it: nothing of the commit was written. */
export class CheckpointFencedError extends Error {
  constructor(
    readonly checkpoint: string,
    readonly expected: number,
    /** The stored position when the engine tells it cheaply; undefined otherwise. */
    readonly actual?: number,
  ) {
    super(
      `Checkpoint ${checkpoint} moved since it was read (expected ${expected}` +
        `${actual === undefined ? '' : `, found ${actual}`}): nothing of the commit was written`,
    );
    this.name = 'CheckpointFencedError';
  }
}

/**
 * The marks of a commit as a list (none, one or several), for the stores and the wrappers of the port. Refuses
 * two marks of one name: which of them would hold is not for the store to guess.
 */
export function checkpointMarks(
  checkpoint: CheckpointMark | readonly CheckpointMark[] | undefined,
): readonly CheckpointMark[] {
  if (checkpoint === undefined) return [];
  if (!isMarkList(checkpoint)) return [checkpoint];
  const names = new Set<string>();
  for (const { name } of checkpoint) {
    if (names.has(name)) throw new Error(`Checkpoint ${name} is marked twice in one commit`);
    names.add(name);
  }
  return checkpoint;
}

function isMarkList(
  checkpoint: CheckpointMark | readonly CheckpointMark[],
): checkpoint is readonly CheckpointMark[] {
  return Array.isArray(checkpoint);
}

export interface Collection<T extends Doc> {
  get(id: string): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  countBy(field: string, filter?: Filter): Promise<CountByRow[]>;
  countByTime(field: string, bucket: TimeBucket, filter?: Filter): Promise<TimeBucketRow[]>;
  /**
   * Sums a numeric field over the matching documents, grouped by the given fields (none: one row, when any
   * document matches), as Mongo's $group with $sum. Rows come in no particular order; a missing field groups as null.
   */
  sumBy(groupFields: string[], sumField: string, filter?: Filter): Promise<SumByRow[]>;
  upsert(doc: T): Promise<void>;
  patch(id: string, set: Partial<T> & Record<string, unknown>): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface ReadStore {
  /** Declares a collection and its indexes (idempotent). */
  collection<T extends Doc>(spec: CollectionSpec): Collection<T>;
  /**
   * Applies the writes and the checkpoint atomically: all or nothing. A fenced checkpoint (`expected` set) that no
   * longer holds the expected position fails the commit with CheckpointFencedError, in the same transaction.
   *
   * Several marks (a commit acting for several checkpoints) are all stored with the writes; a fenced one that no
   * longer holds its expected position fails the whole commit with CheckpointFencedError naming that checkpoint,
   * and nothing is written (no write, no mark). A mark may re-state its position (`position === expected`): it
   * only fences. Two marks of one name in a commit are a caller's error (refused with an Error, nothing written).
   */
  commit(ops: WriteOp[], checkpoint?: CheckpointMark | readonly CheckpointMark[]): Promise<void>;
  checkpoint(name: string): Promise<number>;
  /** Drops every document of the collections and the checkpoint (for a rebuild). */
  reset(collections: string[], checkpointName: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Where the engine can tell of commits as they happen (the embedded store, across the threads of a process):
   * watchers of checkpoints wait on it instead of only polling. Absent, they poll.
   */
  readonly commitSignal?: CommitSignal;
}

/** A signal that changes version on every commit; `wait` resolves on the next one or after `timeoutMs`. */
export interface CommitSignal {
  readonly version: number;
  wait(timeoutMs: number, seenVersion: number): Promise<void>;
}

export const READ_STORE = Symbol('READ_STORE');
