import type {
  Collection,
  CollectionSpec,
  CountByRow,
  Doc,
  Filter,
  FindOptions,
  ReadStore,
  SumByRow,
  TimeBucket,
  TimeBucketRow,
  WriteOp,
} from '@lorawatch/read-store/read-store.port';

/** What the view asks of the batch before a read: commit first whatever the read could depend on. */
export interface PendingWrites {
  /** `id` set: a read of that one document; absent: a query over the whole collection. */
  beforeRead(collection: string, id?: string): Promise<void>;
}

const WRITES_ARE_RETURNED =
  'A projection returns its writes from project(); the runner commits them with its checkpoint';

/**
 * The read store as `project()` sees it while a batch is open: reads go to the store itself, after the batch has
 * committed the writes they could see (so every event reads the effects of the events before it, on any store,
 * without an in-memory copy of the store's write semantics); writes are refused, because a write made here would
 * escape the batch's transaction and its checkpoint.
 */
export class BatchReadView implements ReadStore {
  // Keyed by the spec object (module constants), so a collection is declared once, not on every event.
  private readonly collections = new WeakMap<CollectionSpec, Collection<Doc>>();

  constructor(
    private readonly store: ReadStore,
    private readonly pending: PendingWrites,
  ) {}

  collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    let collection = this.collections.get(spec);
    if (!collection) {
      collection = new GuardedCollection<Doc>(this.store.collection<Doc>(spec), spec.name, this.pending);
      this.collections.set(spec, collection);
    }
    // The store hands out the same untyped documents whatever T the caller names.
    return collection as unknown as Collection<T>;
  }

  commit(): Promise<void> {
    return Promise.reject(new Error(WRITES_ARE_RETURNED));
  }

  checkpoint(name: string): Promise<number> {
    return this.store.checkpoint(name);
  }

  reset(): Promise<void> {
    return Promise.reject(new Error(WRITES_ARE_RETURNED));
  }

  close(): Promise<void> {
    return Promise.reject(new Error('The read store belongs to the runner; project() cannot close it'));
  }
}

class GuardedCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly inner: Collection<T>,
    private readonly name: string,
    private readonly pending: PendingWrites,
  ) {}

  async get(id: string): Promise<T | null> {
    await this.pending.beforeRead(this.name, id);
    return this.inner.get(id);
  }

  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    await this.pending.beforeRead(this.name);
    return this.inner.find(filter, options);
  }

  async count(filter?: Filter): Promise<number> {
    await this.pending.beforeRead(this.name);
    return this.inner.count(filter);
  }

  async countBy(field: string, filter?: Filter): Promise<CountByRow[]> {
    await this.pending.beforeRead(this.name);
    return this.inner.countBy(field, filter);
  }

  async countByTime(field: string, bucket: TimeBucket, filter?: Filter): Promise<TimeBucketRow[]> {
    await this.pending.beforeRead(this.name);
    return this.inner.countByTime(field, bucket, filter);
  }

  async sumBy(groupFields: string[], sumField: string, filter?: Filter): Promise<SumByRow[]> {
    await this.pending.beforeRead(this.name);
    return this.inner.sumBy(groupFields, sumField, filter);
  }

  upsert(): Promise<void> {
    return Promise.reject(new Error(WRITES_ARE_RETURNED));
  }

  patch(): Promise<void> {
    return Promise.reject(new Error(WRITES_ARE_RETURNED));
  }

  delete(): Promise<void> {
    return Promise.reject(new Error(WRITES_ARE_RETURNED));
  }
}

/** The document a write changes; every write names one. */
export function writtenId(op: WriteOp): string {
  return op.op === 'upsert' ? op.doc.id : op.id;
}
