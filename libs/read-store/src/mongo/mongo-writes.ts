import type { AnyBulkWriteOperation, Document, IndexDescription } from 'mongodb';
import type { CheckpointMark, CollectionSpec, Doc, WriteOp } from '../read-store.port';
import { fieldSegments } from '../embedded/field-path';
import { mongoCollectionName, mongoPath } from './mongo-query';

/**
 * The declared indexes as createIndexes descriptions. An index on id alone is left out: the _id index
 * already is one, unique too. Names follow Mongo's default form, with a suffix for unique ones.
 */
export function indexDescriptions(spec: CollectionSpec): IndexDescription[] {
  mongoCollectionName(spec.name);
  const descriptions: IndexDescription[] = [];
  for (const index of spec.indexes ?? []) {
    if (index.fields.length === 0) throw new Error(`Index on ${spec.name} has no fields`);
    const paths = index.fields.map(mongoPath);
    if (new Set(paths).size !== paths.length) throw new Error(`Index on ${spec.name} repeats a field`);
    if (index.include && index.unique) throw new Error(`Unique index on ${spec.name} cannot include fields`);
    if (paths.length === 1 && paths[0] === '_id' && !index.include) continue;
    // Included fields follow the key fields and the id in the key, so that the index covers queries on them.
    const included = index.include
      ? ['_id', ...index.include.map(mongoPath)].filter((path) => !paths.includes(path))
      : [];
    const name =
      `${index.fields.map((field) => `${field}_1`).join('_')}` +
      `${index.include ? `_with_${index.include.map((field) => `${field}_1`).join('_')}` : ''}` +
      `${index.unique ? '_unique' : ''}`;
    descriptions.push({
      key: Object.fromEntries([...paths, ...new Set(included)].map((path) => [path, 1])),
      name,
      ...(index.unique ? { unique: true } : {}),
    });
  }
  return descriptions;
}

/** A document as Mongo holds it: the port's document with its id as _id. */
export interface StoredDoc extends Document {
  _id: string;
}

/** The consecutive writes on one collection: one ordered bulkWrite, so each sees the ones before. */
export interface WriteRun {
  /** The port's collection name (the Mongo collection is mongoCollectionName of it). */
  collection: string;
  models: AnyBulkWriteOperation<StoredDoc>[];
  /** The document id of each model, to name the document a write error is about. */
  ids: string[];
}

/** The writes of a commit, in order, grouped into runs; writes that change nothing are left out. */
export function writeRuns(ops: WriteOp[]): WriteRun[] {
  const runs: WriteRun[] = [];
  for (const op of ops) {
    const model = writeModel(op);
    if (!model) continue;
    const collection = op.collection;
    mongoCollectionName(collection);
    let run = runs[runs.length - 1];
    if (run?.collection !== collection) {
      run = { collection, models: [], ids: [] };
      runs.push(run);
    }
    run.models.push(model);
    run.ids.push(op.op === 'upsert' ? op.doc.id : op.id);
  }
  return runs;
}

/**
 * One write with the SQLite adapter's meaning: upsert replaces the whole document, patch changes an existing
 * one only, inc creates the document with setOnInsert when absent, delete of a missing document is no error.
 */
export function writeModel(op: WriteOp): AnyBulkWriteOperation<StoredDoc> | null {
  switch (op.op) {
    case 'upsert':
      return {
        replaceOne: {
          filter: { _id: documentId(op.doc.id, op.collection) },
          replacement: storedDoc(op.doc),
          upsert: true,
        },
      };
    case 'delete':
      return { deleteOne: { filter: { _id: documentId(op.id, op.collection) } } };
    case 'patch': {
      const update = patchUpdate(op.set);
      return update ? { updateOne: { filter: { _id: documentId(op.id, op.collection) }, update } } : null;
    }
    case 'inc':
      return {
        updateOne: {
          filter: { _id: documentId(op.id, op.collection) },
          update: incUpdate(op.id, op.inc, op.setOnInsert),
          upsert: true,
        },
      };
    default:
      throw new Error(`Unknown write ${(op as { op?: unknown }).op as string}`);
  }
}

/**
 * What is stored: the document as JSON would keep it (as the SQLite adapter stores it: undefined fields
 * dropped, dates as ISO text), its id doubling as _id (taken from the filter, so left out here).
 */
export function storedDoc(doc: Doc): Document {
  const stored = jsonValue(doc) as Document;
  if ('_id' in stored) throw new Error(`Document ${doc.id} may not carry an _id field: its id is its _id`);
  return stored;
}

/** A stored document as the port returns it. */
export function portDoc<T extends Doc>(stored: Document): T {
  const { _id: _ignored, ...doc } = stored;
  return doc as T;
}

/** $set of the given paths; an undefined value removes the field ($unset); id never changes. */
export function patchUpdate(set: Record<string, unknown>): Document | null {
  const $set: Document = {};
  const $unset: Document = {};
  for (const [path, value] of Object.entries(set)) {
    fieldSegments(path);
    if (path === 'id') continue;
    const json = jsonValue(value);
    if (json === undefined) $unset[path] = '';
    else $set[path] = json;
  }
  const update: Document = {};
  if (Object.keys($set).length > 0) update.$set = $set;
  if (Object.keys($unset).length > 0) update.$unset = $unset;
  return Object.keys(update).length > 0 ? update : null;
}

/**
 * $inc with an upsert; $setOnInsert carries the id field as well, so a created document has it like any other.
 * Mongo refuses an update that sets and increments overlapping paths, so that is refused here, early and clearly.
 */
export function incUpdate(
  id: string,
  inc: Record<string, number>,
  setOnInsert: Record<string, unknown> = {},
): Document {
  const $inc: Document = {};
  for (const [path, by] of Object.entries(inc)) {
    fieldSegments(path);
    if (typeof by !== 'number' || !Number.isFinite(by))
      throw new Error(`Cannot increment "${path}" by ${String(by)}`);
    if (path === 'id') throw new Error(`Cannot increment the id of ${id}`);
    $inc[path] = by;
  }
  const $setOnInsert: Document = { id };
  for (const [path, value] of Object.entries(setOnInsert)) {
    fieldSegments(path);
    const json = jsonValue(value);
    if (path === 'id' || json === undefined) continue;
    const clash = Object.keys($inc).find((incPath) => overlaps(incPath, path));
    if (clash) throw new Error(`setOnInsert "${path}" and inc "${clash}" of ${id} touch the same field`);
    $setOnInsert[path] = json;
  }
  return Object.keys($inc).length > 0 ? { $inc, $setOnInsert } : { $setOnInsert };
}

export interface CheckpointUpdate {
  filter: { _id: string; position?: number; [RESETTING]?: { $exists: false } };
  update: { $set: { position: number } };
  upsert: boolean;
}

/**
 * Field of a checkpoint document whose read model is being reset: the collections still to empty. While it is
 * there the checkpoint reads 0 and fenced commits are refused; the reset (or the next read of the checkpoint,
 * after a crash) empties them and deletes the document.
 */
export const RESETTING = 'resetting';

/** The checkpoint document of a reset under way: position 0, and the collections to empty (added to any earlier). */
export function resetMarker(collections: string[]): {
  $set: { position: 0 };
  $addToSet: { [RESETTING]: { $each: string[] } };
} {
  return { $set: { position: 0 }, $addToSet: { [RESETTING]: { $each: [...new Set(collections)] } } };
}

/** The collections a checkpoint document says are still to empty (none when no reset is under way). */
export function collectionsToReset(checkpoint: { [RESETTING]?: unknown } | null): string[] {
  const listed = checkpoint?.[RESETTING];
  return Array.isArray(listed) ? listed.filter((name): name is string => typeof name === 'string') : [];
}

/**
 * The update of a checkpoint document. A fenced checkpoint's filter also matches the expected position: with
 * `expected` 0 the upsert inserts a first checkpoint, and meets the _id of one stored since (E11000: fenced); with
 * a higher `expected` nothing is inserted and no match means fenced.
 */
export function checkpointUpdate(checkpoint: CheckpointMark): CheckpointUpdate {
  if (typeof checkpoint.name !== 'string' || checkpoint.name === '')
    throw new Error('A checkpoint needs a name');
  if (!Number.isFinite(checkpoint.position))
    throw new Error(`Invalid checkpoint position ${checkpoint.position}`);
  const { name, position, expected } = checkpoint;
  const update = { $set: { position } };
  if (expected === undefined) return { filter: { _id: name }, update, upsert: true };
  if (!Number.isFinite(expected)) throw new Error(`Invalid expected checkpoint position ${expected}`);
  // A checkpoint under reset matches no fenced commit (and its _id refuses the first-checkpoint upsert).
  return {
    filter: { _id: name, position: expected, [RESETTING]: { $exists: false } },
    update,
    upsert: expected === 0,
  };
}

const DUPLICATE_KEY = 11000;

/**
 * Which model of a bulkWrite broke a unique index (E11000), from the driver's error: a bulk write error lists
 * its write errors with their index; a plain server error only has the code. undefined: no duplicate key.
 */
export function duplicateKeyIndex(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, writeErrors } = error as { code?: unknown; writeErrors?: unknown };
  const list: unknown[] = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  for (const writeError of list) {
    const { code: writeCode, index } = writeError as { code?: unknown; index?: unknown };
    if (writeCode === DUPLICATE_KEY) return typeof index === 'number' ? index : 0;
  }
  return code === DUPLICATE_KEY ? 0 : undefined;
}

function documentId(id: unknown, collection: string): string {
  if (typeof id !== 'string' || id === '') throw new Error(`A document of ${collection} needs a string id`);
  return id;
}

function jsonValue(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}
