import { Subject } from 'rxjs';
import type { EventStore, Subscription } from '@lorawatch/event-store/event-store.port';
import {
  loggingHealth,
  restartDelay,
  type ConsumerHealth,
  type RestartPolicy,
} from '@lorawatch/ops/supervision';
import { CheckpointFencedError, type ReadStore } from '@lorawatch/read-store/read-store.port';
import type { Projection, ProjectionUpdate } from './projection';
import { ProjectionBatch } from './projection-batch';

export interface ProjectionRunnerOptions {
  /** Most events one read-store transaction commits for a projection (default 500). */
  maxBatchEvents?: number;
  /** Where a projection that stopped on an error is reported (/health, restart counter); logged only without. */
  health?: ConsumerHealth;
  /** Back-off of the restarts of a projection that stopped on an error. */
  restart?: RestartPolicy;
}

const DEFAULT_MAX_BATCH_EVENTS = 500;

interface Lane {
  projection: Projection;
  subscription: Subscription;
  batch: ProjectionBatch;
  /** Set once this subscription failed: a restart replaces subscription and batch. */
  failed: boolean;
  /** Failures in a row (the back-off grows with them); 0 once an event was applied after a restart. */
  failures: number;
  timer: NodeJS.Timeout | null;
  restarting: Promise<void> | null;
}

/**
 * Runs each projection on its own catch-up subscription from its stored checkpoint. The events a subscription
 * delivers back to back are committed in batches (see ProjectionBatch); `updates$` still tells of each event, in
 * order, once the batch holding it has committed.
 *
 * A projection whose handler or commit fails is started again from its stored checkpoint after a back-off that
 * doubles with each failure in a row (1 s to 60 s by default); meanwhile it is reported down (/health 'degraded').
 */
export class ProjectionRunner {
  readonly updates$ = new Subject<ProjectionUpdate>();
  private readonly health: ConsumerHealth;
  private lanes: Lane[] = [];
  private stopped = false;
  private readonly maxBatchEvents: number;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: Projection[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.maxBatchEvents = options.maxBatchEvents ?? DEFAULT_MAX_BATCH_EVENTS;
    this.health = options.health ?? loggingHealth();
    if (!Number.isInteger(this.maxBatchEvents) || this.maxBatchEvents < 1) {
      throw new Error('maxBatchEvents must be a positive integer');
    }
    for (const projection of projections) {
      for (const spec of projection.collections) store.collection(spec);
    }
  }

  async start(): Promise<void> {
    this.stopped = false;
    for (const projection of this.projections) {
      await this.rebuildIfOutdated(projection);
      const lane = await this.open(projection, 0);
      this.lanes.push(lane);
    }
  }

  /** A lane from the projection's stored checkpoint: what was not committed is read again. */
  private async open(projection: Projection, failures: number): Promise<Lane> {
    const after = await this.store.checkpoint(projection.name);
    const batch = new ProjectionBatch(projection, this.store, {
      after,
      maxEvents: this.maxBatchEvents,
      publish: (update) => this.updates$.next(update),
    });
    const lane: Lane = {
      projection,
      batch,
      failed: false,
      failures,
      timer: null,
      restarting: null,
      subscription: this.events.subscribeToAll(
        // Reading as many events as a batch holds lets a full batch come from one read.
        { after, types: projection.eventTypes, batchSize: this.maxBatchEvents },
        async (event) => {
          try {
            await batch.add(event);
          } catch (error) {
            this.failed(lane, error);
            throw error;
          }
          if (lane.failures > 0) {
            lane.failures = 0;
            this.health.recovered(projection.name);
          }
        },
      ),
    };
    return lane;
  }

  /**
   * Stops the lane's subscription and starts it again from the checkpoint after the back-off. A fenced commit
   * (another runner of the projection moved its checkpoint on) is no failure: counted, and started again from the
   * stored checkpoint after the initial pause, without being reported down.
   */
  private failed(lane: Lane, error: unknown): void {
    if (lane.failed || this.stopped) return;
    lane.failed = true;
    const name = lane.projection.name;
    const fenced = error instanceof CheckpointFencedError;
    if (fenced) this.health.fenced(name, `position ${lane.batch.committed}`, error);
    else lane.failures += 1;
    const delay = restartDelay(fenced ? 1 : lane.failures, this.options.restart);
    if (!fenced) this.health.failed(name, error, lane.failures, delay);
    lane.timer = setTimeout(() => {
      lane.timer = null;
      lane.restarting = this.restart(lane).finally(() => (lane.restarting = null));
    }, delay);
  }

  private async restart(lane: Lane): Promise<void> {
    // Not from inside the handler: stop() waits for the handler, which has returned by now.
    await lane.subscription.stop().catch(() => undefined);
    // Whatever the batch holds was never committed; the new lane reads it again from the checkpoint.
    const index = this.lanes.indexOf(lane);
    if (this.stopped || index < 0) return;
    try {
      const next = await this.open(lane.projection, lane.failures);
      if (this.stopped) {
        await next.subscription.stop();
        return;
      }
      this.lanes[index] = next;
      this.health.restarted(lane.projection.name);
    } catch (error) {
      // The checkpoint could not be read: try again after a longer pause.
      lane.failed = false;
      this.failed(lane, error);
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

  /**
   * Resolves once every projection has applied everything recorded so far. Rejects with the error of a projection
   * that stopped on one (it is started again in the background: a later call waits for it).
   */
  async caughtUp(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => this.laneCaughtUp(lane)));
  }

  private async laneCaughtUp(lane: Lane): Promise<void> {
    const { subscription, batch } = lane;
    try {
      await subscription.caughtUp();
      // Handed over is not yet committed: read-your-writes needs the open batch in the store.
      await batch.commit();
      // Far past the last event of its types: record it now and then, so a crash leaves little to read again.
      if (subscription.position - batch.committed >= SKIP_AHEAD_EVENTS)
        await batch.skipTo(subscription.position);
    } catch (error) {
      // A commit that failed outside the handler stops the lane here; a handler's failure has done so already.
      this.failed(lane, error);
      throw error;
    }
  }

  /** Per projection, the position its read model reflects (events filtered out by type count as applied). */
  positions(): Record<string, number> {
    return Object.fromEntries(
      this.projections.map((p, i) => {
        const lane = this.lanes[i];
        if (!lane) return [p.name, 0];
        // A failed lane applied nothing past its checkpoint: the events it held are read again.
        const held = lane.failed || lane.batch.holding;
        return [p.name, held ? lane.batch.committed : lane.subscription.position];
      }),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(
      this.lanes.map(async (lane) => {
        if (lane.timer) clearTimeout(lane.timer);
        await lane.restarting;
        this.health.forget(lane.projection.name);
      }),
    );
    await Promise.all(
      this.lanes.map(async ({ subscription, batch, failed }) => {
        await subscription.stop();
        // A failed lane holds nothing worth keeping: the next start reads it again from the checkpoint.
        if (failed) return;
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
