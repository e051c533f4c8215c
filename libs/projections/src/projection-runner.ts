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
