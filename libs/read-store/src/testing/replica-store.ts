import {
  checkpointMarks,
  type CheckpointMark,
  type Collection,
  type CollectionSpec,
  type Doc,
  type ReadStore,
  type WriteOp,
} from '../read-store.port';

/**
 * One replica's view of a shared read store, for tests of replicas that take a partition over from each other.
 * A commit is of the watched checkpoint when any of its marks names it. Every commit of the watched checkpoint is
 * followed by a look at the stored checkpoint (`seen`, in commit order across replicas); `stallAt` holds back this
 * replica's commit of that number (1 for the first) until `resume()`, as a replica paused past its session would
 * (`holding` once it waits). `stalled` settles with that commit's outcome.
 */
export class ReplicaStore implements ReadStore {
  readonly stalled: Promise<unknown>;
  /** Resolves once the commit to stall has begun to wait for `resume()`. */
  readonly holding: Promise<void>;
  private held: () => void = () => undefined;
  private release: () => void = () => undefined;
  private settle: (outcome: unknown) => void = () => undefined;
  private commits = 0;

  constructor(
    private readonly inner: ReadStore,
    private readonly checkpointName: string,
    private readonly seen: number[],
    private readonly options: { stallAt?: number } = {},
  ) {
    this.stalled = new Promise((settle) => (this.settle = settle));
    this.holding = new Promise((held) => (this.held = held));
  }

  get commitSignal(): ReadStore['commitSignal'] {
    return this.inner.commitSignal;
  }

  resume(): void {
    this.release();
  }

  collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    return this.inner.collection<T>(spec);
  }

  async commit(ops: WriteOp[], checkpoint?: CheckpointMark | readonly CheckpointMark[]): Promise<void> {
    if (!checkpointMarks(checkpoint).some((mark) => mark.name === this.checkpointName))
      return this.inner.commit(ops, checkpoint);
    this.commits += 1;
    const stall = this.commits === this.options.stallAt;
    if (stall) {
      await new Promise<void>((release) => {
        this.release = release;
        this.held();
      });
    }
    try {
      await this.inner.commit(ops, checkpoint);
      if (stall) this.settle('committed');
    } catch (error) {
      if (stall) this.settle(error);
      throw error;
    } finally {
      this.seen.push(await this.inner.checkpoint(this.checkpointName));
    }
  }

  checkpoint(name: string): Promise<number> {
    return this.inner.checkpoint(name);
  }

  reset(collections: string[], checkpointName: string): Promise<void> {
    return this.inner.reset(collections, checkpointName);
  }

  async close(): Promise<void> {
    // The shared store is closed by the test.
  }
}
