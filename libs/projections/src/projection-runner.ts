import { Subject } from 'rxjs';
import type { EventStore, Subscription } from '@lorawatch/event-store/event-store.port';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import type { Projection, ProjectionUpdate } from './projection';

/** Runs each projection on its own catch-up subscription from its stored checkpoint. */
export class ProjectionRunner {
  readonly updates$ = new Subject<ProjectionUpdate>();
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: Projection[],
  ) {
    for (const projection of projections) {
      for (const spec of projection.collections) store.collection(spec);
    }
  }

  async start(): Promise<void> {
    for (const projection of this.projections) {
      await this.rebuildIfOutdated(projection);
      const after = await this.store.checkpoint(projection.name);
      const subscription = this.events.subscribeToAll(
        { after, types: projection.eventTypes },
        async (event) => {
          const ops = await projection.project(event, this.store);
          await this.store.commit(ops, { name: projection.name, position: event.position });
          this.updates$.next({ projection: projection.name, event, ops });
        },
      );
      this.subscriptions.push(subscription);
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
    await Promise.all(this.subscriptions.map((subscription) => subscription.caughtUp()));
  }

  positions(): Record<string, number> {
    return Object.fromEntries(this.projections.map((p, i) => [p.name, this.subscriptions[i]?.position ?? 0]));
  }

  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.map((subscription) => subscription.stop()));
    this.subscriptions = [];
  }
}

const versionCheckpoint = (projection: string): string => `${projection}:version`;
