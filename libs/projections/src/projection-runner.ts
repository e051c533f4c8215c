import { Subject } from 'rxjs';
import type { EventStore, Subscription } from '@lorawatch/event-store/event-store.port';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import type { Projection, ProjectionUpdate } from './projection';
import { ProjectionBatch } from './projection-batch';

export interface ProjectionRunnerOptions {
  /** Most events one read-store transaction commits for a projection (default 500). */
  maxBatchEvents?: number;
}

const DEFAULT_MAX_BATCH_EVENTS = 500;

interface Lane {
  subscription: Subscription;
  batch: ProjectionBatch;
}

/**
 * Runs each projection on its own catch-up subscription from its stored checkpoint. The events a subscription
 * delivers back to back are committed in batches (see ProjectionBatch); `updates$` still tells of each event, in
 * order, once the batch holding it has committed.
 */
export class ProjectionRunner {
  readonly updates$ = new Subject<ProjectionUpdate>();
  private lanes: Lane[] = [];
  private readonly maxBatchEvents: number;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: Projection[],
    options: ProjectionRunnerOptions = {},
  ) {
    this.maxBatchEvents = options.maxBatchEvents ?? DEFAULT_MAX_BATCH_EVENTS;
    if (!Number.isInteger(this.maxBatchEvents) || this.maxBatchEvents < 1) {
      throw new Error('maxBatchEvents must be a positive integer');
    }
    for (const projection of projections) {
      for (const spec of projection.collections) store.collection(spec);
    }
  }

  async start(): Promise<void> {
    for (const projection of this.projections) {
      await this.rebuildIfOutdated(projection);
      const after = await this.store.checkpoint(projection.name);
      const batch = new ProjectionBatch(projection, this.store, {
        after,
        maxEvents: this.maxBatchEvents,
        publish: (update) => this.updates$.next(update),
      });
      const subscription = this.events.subscribeToAll(
        // Reading as many events as a batch holds lets a full batch come from one read.
        { after, types: projection.eventTypes, batchSize: this.maxBatchEvents },
        (event) => batch.add(event),
      );
      this.lanes.push({ subscription, batch });
    }
  }

  /** A read model built by an older version of its projection starts again from the first event. */
  private async rebuildIfOutdated(projection: Projection): Promise<void> {
    const wanted = projection.version ?? 1;
    const marker = versionCheckpoint(projection.name);
    const stored = await this.store.checkpoint(marker);
    // Read models from before versions were recorded are version 1.
    const built = stored === 0 ? 1 : stored;
    if (built !== wanted) {
      await this.store.reset(
        projection.collections.map((spec) => spec.name),
        projection.name,
      );
    }
    if (stored !== wanted) await this.store.commit([], { name: marker, position: wanted });
  }

  /** Resolves once every projection has applied everything recorded so far. */
  async caughtUp(): Promise<void> {
    await Promise.all(
      this.lanes.map(async ({ subscription, batch }) => {
        await subscription.caughtUp();
        // Handed over is not yet committed: read-your-writes needs the open batch in the store.
        await batch.commit();
        // Far past the last event of its types: record it now and then, so a crash leaves little to read again.
        if (subscription.position - batch.committed >= SKIP_AHEAD_EVENTS)
          await batch.skipTo(subscription.position);
      }),
    );
  }

  /** Per projection, the position its read model reflects (events filtered out by type count as applied). */
  positions(): Record<string, number> {
    return Object.fromEntries(
      this.projections.map((p, i) => {
        const lane = this.lanes[i];
        if (!lane) return [p.name, 0];
        return [p.name, lane.batch.holding ? lane.batch.committed : lane.subscription.position];
      }),
    );
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.lanes.map(async ({ subscription, batch }) => {
        await subscription.stop();
        // What was projected is worth keeping; a failed commit only means the next start projects it again.
        await batch.commit().catch(() => undefined);
        // Every event up to where the subscription got was seen: the next start need not read past them again.
        await batch.skipTo(subscription.position).catch(() => undefined);
      }),
    );
    this.lanes = [];
  }
}

const versionCheckpoint = (projection: string): string => `${projection}:version`;

/** How far a projection's checkpoint may trail the events it has seen before a wait for it records the difference. */
const SKIP_AHEAD_EVENTS = 1000;
