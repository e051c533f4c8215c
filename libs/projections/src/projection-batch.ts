import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { CheckpointFencedError, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { BatchReadView, writtenId, type PendingWrites } from './batch-read-view';
import type { Projection, ProjectionUpdate } from './projection';

/**
 * One projection's open batch. Events are projected as they arrive and their writes held back; the batch commits
 * them all with the checkpoint of its last event in one read-store transaction (one bulk write plus the
 * checkpoint on MongoDB) when it is full, when the event loop has nothing more to hand it, before a read that
 * could see its writes, and when someone waits for the projection to catch up. A crash loses the open batch and
 * its checkpoint together, so the events are projected again: never counted twice, never lost.
 */
export class ProjectionBatch implements PendingWrites {
  /** The read store as this projection's `project()` sees it. */
  readonly view: ReadStore;
  private open: ProjectionUpdate[] = [];
  /** Collection → ids written by the open batch. */
  private written = new Map<string, Set<string>>();
  /** The commit under way (or the last one); commits never overlap. */
  private committing: Promise<void> = Promise.resolve();
  private commitScheduled = false;
  private failure: { error: unknown } | null = null;
  private committedPosition: number;
  private readonly maxEvents: number;
  private readonly publish: (update: ProjectionUpdate) => void;

  constructor(
    private readonly projection: Projection,
    private readonly store: ReadStore,
    options: {
      /** The stored checkpoint the projection starts from. */
      after: number;
      maxEvents: number;
      publish: (update: ProjectionUpdate) => void;
    },
  ) {
    this.view = new BatchReadView(store, this);
    this.committedPosition = options.after;
    this.maxEvents = options.maxEvents;
    this.publish = options.publish;
  }

  /** True while projected events wait for their commit. */
  get holding(): boolean {
    return this.open.length > 0;
  }

  /** Position of the last event whose writes are committed. */
  get committed(): number {
    return this.committedPosition;
  }

  /** Projects one event into the batch. Rejects (which stops the subscription) once a commit has failed. */
  async add(event: RecordedEvent): Promise<void> {
    this.throwIfFailed();
    // On a store with asynchronous commits, the previous batch must land before this event reads the store.
    await this.committing;
    let ops;
    try {
      ops = await this.projection.project(event, this.view);
    } catch (error) {
      // As without batching, the events before the one that failed keep their effect.
      await this.commit();
      throw error;
    }
    this.open.push({ projection: this.projection.name, event, ops });
    for (const op of ops) {
      let ids = this.written.get(op.collection);
      if (!ids) this.written.set(op.collection, (ids = new Set()));
      ids.add(writtenId(op));
    }
    if (this.open.length >= this.maxEvents) {
      await this.commit();
      // A long catch-up reads and projects without real I/O; letting the event loop turn between full batches
      // keeps HTTP requests, timers and the other subscriptions going meanwhile.
      await new Promise<void>((resolve) => setImmediate(resolve));
    } else {
      this.scheduleCommit();
    }
  }

  async beforeRead(collection: string, id?: string): Promise<void> {
    const ids = this.written.get(collection);
    if (ids && (id === undefined || ids.has(id))) await this.commit();
  }

  /** Commits the open batch (if any) after the commit under way; rejects with the first failure. */
  commit(): Promise<void> {
    const run = this.committing.then(() => this.commitOpen());
    this.committing = run.catch(() => undefined);
    return run.then(() => this.throwIfFailed());
  }

  /**
   * Moves the checkpoint to `position` once nothing is held: the subscription has seen every event up to there and
   * none was of this projection's types. Without it, a projection of rare events would read past the same events
   * again at every start (on a large store, seconds of every restart).
   */
  skipTo(position: number): Promise<void> {
    const run = this.committing.then(async () => {
      this.throwIfFailed();
      if (this.open.length > 0 || position <= this.committedPosition) return;
      await this.store.commit([], {
        name: this.projection.name,
        position,
        expected: this.committedPosition,
      });
      this.committedPosition = Math.max(this.committedPosition, position);
    });
    this.committing = run.catch(() => undefined);
    return run;
  }

  private async commitOpen(): Promise<void> {
    this.throwIfFailed();
    const batch = this.open;
    if (batch.length === 0) return;
    this.open = [];
    this.written = new Map();
    try {
      await this.commitBatch(batch);
    } catch (error) {
      this.failure = { error };
      throw error;
    }
  }

  private async commitBatch(batch: ProjectionUpdate[]): Promise<void> {
    const name = this.projection.name;
    const last = batch[batch.length - 1].event.position;
    try {
      // Fenced on the checkpoint this projection last read or committed: another runner of it that moved the
      // checkpoint on since makes this one start again from there.
      await this.store.commit(
        batch.flatMap((update) => update.ops),
        { name, position: last, expected: this.committedPosition },
      );
    } catch (error) {
      if (batch.length === 1 || error instanceof CheckpointFencedError) throw error;
      // Nothing of the batch was written. One commit per event keeps what comes before the event at fault and
      // fails on that event, as the runner did before batching.
      for (const update of batch) {
        await this.store.commit(update.ops, {
          name,
          position: update.event.position,
          expected: this.committedPosition,
        });
        this.committedPosition = update.event.position;
        this.publish(update);
      }
      return;
    }
    this.committedPosition = last;
    for (const update of batch) this.publish(update);
  }

  /** When the subscription has handed over all it had read, the batch commits without waiting to fill up. */
  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      this.commitScheduled = false;
      // A failure is kept: the next event and caughtUp() report it.
      this.commit().catch(() => undefined);
    });
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
