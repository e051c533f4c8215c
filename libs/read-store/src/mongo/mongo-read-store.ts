import {
  MongoClient,
  type ClientSession,
  type Collection as MongoCollectionOf,
  type Db,
  type Document,
  type TransactionOptions,
} from 'mongodb';
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
  type SumByRow,
  type TimeBucket,
  type TimeBucketRow,
  type WriteOp,
} from '../read-store.port';
import {
  countByPipeline,
  countByRows,
  countByTimePipeline,
  sumByPipeline,
  sumByRows,
  timeBucketRows,
} from './mongo-aggregations';
import {
  CHECKPOINTS_COLLECTION,
  mongoCollectionName,
  pagingNumber,
  toMongoFilter,
  toMongoSort,
  andFilters,
  seekFilter,
} from './mongo-query';
import {
  RESETTING,
  checkpointUpdate,
  collectionsToReset,
  duplicateKeyIndex,
  indexDescriptions,
  portDoc,
  resetMarker,
  writeRuns,
  type CheckpointUpdate,
  type StoredDoc,
  type WriteRun,
} from './mongo-writes';
import { checkedAfter } from '../seek';

interface CheckpointDoc {
  _id: string;
  position: number;
  /** Collections still to empty while a reset is under way (see RESETTING). */
  resetting?: string[];
}

export interface MongoReadStoreOptions {
  /** close() also closes the client; set when the store connected it itself. */
  ownsClient?: boolean;
}

/**
 * Multi-document transactions need a replica set (or a sharded cluster): a standalone mongod refuses them.
 * A single-node replica set (mongod --replSet rs0, then rs.initiate()) is enough, which is how the
 * docker-compose MongoDB service is meant to run.
 */
const TRANSACTION: TransactionOptions = {
  readPreference: 'primary',
  writeConcern: { w: 'majority' },
};

/** Database named in the URL's path ("mongodb://host/lorawatch"), else the fallback. */
export function databaseNameOf(url: string, fallback: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(url);
  return match ? decodeURIComponent(match[1]) : fallback;
}

/**
 * The read store on MongoDB: collection `x` is the Mongo collection rs_x, documents keep their id and use it
 * as _id; checkpoints are documents { _id: name, position } of read_checkpoints, written in the same
 * transaction as the projection's writes.
 */
export class MongoReadStore implements ReadStore {
  static async connect(url: string, options: { database?: string } = {}): Promise<MongoReadStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoReadStore(client, options.database ?? databaseNameOf(url, 'lorawatch'), {
      ownsClient: true,
    });
  }

  private readonly db: Db;
  /** Index keys asked for on this connection ("collection index-name"), so that createIndexes runs once. */
  private readonly declared = new Set<string>();
  /** createIndexes still running or failed, per port collection; every operation on it waits for them. */
  private readonly indexing = new Map<string, Map<string, Promise<void>>>();

  constructor(
    private readonly client: MongoClient,
    database: string,
    private readonly options: MongoReadStoreOptions = {},
  ) {
    this.db = client.db(database);
  }

  /** The port declares collections synchronously: the indexes are created in the background and awaited by use. */
  collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    const name = mongoCollectionName(spec.name);
    const fresh = indexDescriptions(spec).filter((index) => !this.declared.has(`${name} ${index.name}`));
    if (fresh.length > 0) {
      const keys = fresh.map((index) => `${name} ${index.name}`);
      keys.forEach((key) => this.declared.add(key));
      const job = this.db
        .collection(name)
        .createIndexes(fresh)
        .then(
          () => undefined,
          (error: unknown) => {
            // Asked again on the next declaration; until then, operations on the collection fail with it.
            keys.forEach((key) => this.declared.delete(key));
            throw error;
          },
        );
      const jobs = this.indexing.get(spec.name) ?? new Map<string, Promise<void>>();
      keys.forEach((key) => jobs.set(key, job));
      this.indexing.set(spec.name, jobs);
      // Done jobs are forgotten; a failed one is reported to the operations that wait for it (not as an
      // unhandled rejection) until a new declaration replaces it.
      job.then(
        () => keys.forEach((key) => jobs.get(key) === job && jobs.delete(key)),
        () => undefined,
      );
    }
    return new MongoCollection<T>(this, spec.name);
  }

  async commit(ops: WriteOp[], checkpoint?: CheckpointMark | readonly CheckpointMark[]): Promise<void> {
    const runs = writeRuns(ops);
    const marks = checkpointMarks(checkpoint).map((mark) => ({
      checkpoint: mark,
      ...checkpointUpdate(mark),
    }));
    await this.ready(ops.map((op) => op.collection));
    if (marks.length === 0 && runs.length === 0) return;
    // A single write is atomic on its own: no transaction needed (never with a checkpoint to store with it).
    if (marks.length === 0 && runs.length === 1 && runs[0].models.length === 1) return this.applyRun(runs[0]);
    await this.transaction(async (session) => {
      // The checkpoints first: a fenced one aborts the transaction (with the checkpoints stored before it)
      // before any write is sent.
      for (const mark of marks) await this.storeCheckpoint(mark, session);
      for (const run of runs) await this.applyRun(run, session);
    });
  }

  /** A reset that a crash interrupted is finished here, before the checkpoint (then 0) is answered. */
  async checkpoint(name: string): Promise<number> {
    const row = await this.checkpoints().findOne({ _id: name });
    const pending = collectionsToReset(row);
    if (pending.length > 0) {
      await this.finishReset(name, pending);
      return 0;
    }
    return row?.position ?? 0;
  }

  /**
   * Not one transaction: a transaction may last 60 s at most, and emptying large read models takes longer. The
   * checkpoint is marked first, in one write: from then on it reads 0 and every fenced commit of the projection
   * is refused. Each collection is then emptied on its own, and the mark deleted last. A crash in between leaves
   * the mark, and the next reset or read of the checkpoint finishes the job.
   */
  async reset(collections: string[], checkpointName: string): Promise<void> {
    const names = collections.map(mongoCollectionName);
    await this.ready(collections);
    await this.checkpoints().updateOne({ _id: checkpointName }, resetMarker(names), { upsert: true });
    const row = await this.checkpoints().findOne({ _id: checkpointName });
    await this.finishReset(checkpointName, collectionsToReset(row));
  }

  private async finishReset(checkpointName: string, names: string[]): Promise<void> {
    // deleteMany, not drop: the declared indexes (unique ones above all) must stay in force.
    for (const name of names) await this.db.collection(name).deleteMany({});
    await this.checkpoints().deleteOne({ _id: checkpointName, [RESETTING]: { $exists: true } });
  }

  async close(): Promise<void> {
    if (this.options.ownsClient) await this.client.close();
  }

  /** The Mongo collection of a port collection, once its declared indexes exist. */
  async collectionReady(collection: string): Promise<MongoCollectionOf<StoredDoc>> {
    const name = mongoCollectionName(collection);
    await this.ready([collection]);
    return this.db.collection<StoredDoc>(name);
  }

  /**
   * One conditional update in the commit's transaction; fails with CheckpointFencedError when fenced. A mark that
   * re-states its position matches its document without modifying it: matched is enough.
   */
  private async storeCheckpoint(
    { checkpoint, filter, update, upsert }: CheckpointUpdate & { checkpoint: CheckpointMark },
    session: ClientSession,
  ): Promise<void> {
    const fenced = (): CheckpointFencedError =>
      new CheckpointFencedError(checkpoint.name, checkpoint.expected ?? 0);
    let result;
    try {
      result = await this.checkpoints().updateOne(filter, update, { upsert, session });
    } catch (error) {
      // Expecting no checkpoint (0), the upsert met one stored since under the same _id.
      if (checkpoint.expected !== undefined && duplicateKeyIndex(error) !== undefined) throw fenced();
      throw error;
    }
    if (result.matchedCount === 0 && result.upsertedCount === 0) throw fenced();
  }

  private checkpoints(): MongoCollectionOf<CheckpointDoc> {
    return this.db.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
  }

  private async ready(collections: Iterable<string>): Promise<void> {
    for (const collection of new Set(collections)) {
      const jobs = this.indexing.get(collection);
      if (jobs) await Promise.all(jobs.values());
    }
  }

  /** withTransaction retries the whole callback on transient errors (write conflicts), so it starts afresh each time. */
  private async transaction(work: (session: ClientSession) => Promise<void>): Promise<void> {
    const session = this.client.startSession();
    try {
      await session.withTransaction(() => work(session), TRANSACTION);
    } finally {
      await session.endSession();
    }
  }

  private async applyRun(run: WriteRun, session?: ClientSession): Promise<void> {
    try {
      await this.db
        .collection<StoredDoc>(mongoCollectionName(run.collection))
        .bulkWrite(run.models, { ordered: true, session });
    } catch (error) {
      const index = duplicateKeyIndex(error);
      if (index === undefined) throw error;
      throw new DuplicateKeyError(run.collection, run.ids[index] ?? run.ids[0]);
    }
  }
}

/** Reads go straight to the collection; writes go through the store's commit. */
class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly store: MongoReadStore,
    private readonly name: string,
  ) {}

  async get(id: string): Promise<T | null> {
    const collection = await this.store.collectionReady(this.name);
    const stored = await collection.findOne({ _id: id }, { projection: { _id: 0 } });
    return stored ? portDoc<T>(stored) : null;
  }

  async find(filter?: Filter, options: FindOptions = {}): Promise<T[]> {
    const filterQuery = toMongoFilter(filter);
    const query =
      options.after === undefined
        ? filterQuery
        : andFilters(filterQuery, seekFilter(options.sort, checkedAfter(options.after, options.sort)));
    const sort = toMongoSort(options.sort);
    const skip = pagingNumber(options.skip, 'skip');
    const limit = pagingNumber(options.limit, 'limit');
    // Mongo reads a limit of 0 as "no limit"; the port means no document.
    if (limit === 0) return [];
    const collection = await this.store.collectionReady(this.name);
    const stored = await collection
      .find(query, { sort, projection: { _id: 0 }, ...(skip ? { skip } : {}), ...(limit ? { limit } : {}) })
      .toArray();
    return stored.map((doc) => portDoc<T>(doc));
  }

  async count(filter?: Filter): Promise<number> {
    const query = toMongoFilter(filter);
    const collection = await this.store.collectionReady(this.name);
    return collection.countDocuments(query);
  }

  async countBy(field: string, filter?: Filter): Promise<CountByRow[]> {
    const pipeline = countByPipeline(field, toMongoFilter(filter));
    return countByRows(await this.aggregate(pipeline));
  }

  async countByTime(field: string, bucket: TimeBucket, filter?: Filter): Promise<TimeBucketRow[]> {
    const pipeline = countByTimePipeline(field, bucket, toMongoFilter(filter));
    return timeBucketRows(await this.aggregate(pipeline));
  }

  async sumBy(groupFields: string[], sumField: string, filter?: Filter): Promise<SumByRow[]> {
    const pipeline = sumByPipeline(groupFields, sumField, toMongoFilter(filter));
    return sumByRows(groupFields, await this.aggregate(pipeline));
  }

  async upsert(doc: T): Promise<void> {
    await this.store.commit([{ op: 'upsert', collection: this.name, doc }]);
  }

  async patch(id: string, set: Partial<T> & Record<string, unknown>): Promise<void> {
    await this.store.commit([{ op: 'patch', collection: this.name, id, set }]);
  }

  async delete(id: string): Promise<void> {
    await this.store.commit([{ op: 'delete', collection: this.name, id }]);
  }

  private async aggregate(pipeline: Document[]): Promise<Document[]> {
    const collection = await this.store.collectionReady(this.name);
    return collection.aggregate(pipeline).toArray();
  }
}
