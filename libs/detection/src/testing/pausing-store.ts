import {
  checkpointMarks,
  type CheckpointMark,
  type Collection,
  type CollectionSpec,
  type Doc,
  type ReadStore,
  type WriteOp,
} from '@lorawatch/read-store/read-store.port';

/** A pause armed on a replica's store: `holding` once the replica waits in it, `resume()` lets it go on. */
export interface Pause {
  readonly holding: Promise<void>;
  resume(): void;
}

/**
 * One detector replica's view of a shared read store that can be paused where a replica stalled past its session
 * would stop: just after reading a checkpoint (it then reads the states another replica moves on meanwhile), or at
 * a commit that marks a checkpoint or writes to a collection (whose writes are kept in `held` for the test to look
 * at).
 */
export class PausingStore implements ReadStore {
  /** The writes of the last commit paused by `pauseCommit`. */
  held: WriteOp[] = [];
  private readPause: { name: string; gate: Gate } | null = null;
  private commitPause: {
    matches: (ops: WriteOp[], marks: readonly CheckpointMark[]) => boolean;
    gate: Gate;
  } | null = null;

  constructor(private readonly inner: ReadStore) {}

  get commitSignal(): ReadStore['commitSignal'] {
    return this.inner.commitSignal;
  }

  /** The next read of checkpoint `name` reads it, then waits for `resume()` before answering. */
  pauseAfterReading(name: string): Pause {
    const gate = new Gate();
    this.readPause = { name, gate };
    return gate;
  }

  /** The next commit that marks checkpoint `name` waits for `resume()` before it is made. */
  pauseCommit(name: string): Pause {
    const gate = new Gate();
    this.commitPause = { matches: (_ops, marks) => marks.some((mark) => mark.name === name), gate };
    return gate;
  }

  /** The next commit that writes to collection `name`, marked or not, waits for `resume()` before it is made. */
  pauseCommitWriting(name: string): Pause {
    const gate = new Gate();
    this.commitPause = { matches: (ops) => ops.some((op) => op.collection === name), gate };
    return gate;
  }

  collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    return this.inner.collection<T>(spec);
  }

  async commit(ops: WriteOp[], checkpoint?: CheckpointMark | readonly CheckpointMark[]): Promise<void> {
    const pause = this.commitPause;
    if (pause && pause.matches(ops, checkpointMarks(checkpoint))) {
      this.commitPause = null;
      this.held = ops;
      await pause.gate.pass();
    }
    return this.inner.commit(ops, checkpoint);
  }

  async checkpoint(name: string): Promise<number> {
    const position = await this.inner.checkpoint(name);
    const pause = this.readPause;
    if (pause && pause.name === name) {
      this.readPause = null;
      await pause.gate.pass();
    }
    return position;
  }

  reset(collections: string[], checkpointName: string): Promise<void> {
    return this.inner.reset(collections, checkpointName);
  }

  async close(): Promise<void> {
    // The shared store is closed by the test.
  }
}

class Gate implements Pause {
  readonly holding: Promise<void>;
  private held: () => void = () => undefined;
  private release: () => void = () => undefined;
  private readonly released: Promise<void>;

  constructor() {
    this.holding = new Promise((held) => (this.held = held));
    this.released = new Promise((release) => (this.release = release));
  }

  resume(): void {
    this.release();
  }

  pass(): Promise<void> {
    this.held();
    return this.released;
  }
}
