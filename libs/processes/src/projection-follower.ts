import { Logger } from '@nestjs/common';
import type { EventStore, RecordedEvent, Subscription } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { CheckpointWatch } from './checkpoint-watch';

/**
 * How an api process of a scale-out deployment learns what the projector committed: its own catch-up
 * subscription from the head of the event store; each event waits until the checkpoint of every projection
 * that handles it has passed it, then goes to `publish`. Several api instances each follow on their own.
 */
export class ProjectionFollower {
  private readonly logger = new Logger('ProjectionFollower');
  private subscription: Subscription | null = null;
  private stopping = false;
  private readonly byType = new Map<string, Projection[]>();

  constructor(
    private readonly events: EventStore,
    private readonly watch: CheckpointWatch,
    projections: Projection[],
    private readonly publish: (projection: Projection, event: RecordedEvent) => Promise<void>,
  ) {
    for (const projection of projections) {
      for (const type of projection.eventTypes) {
        this.byType.set(type, [...(this.byType.get(type) ?? []), projection]);
      }
    }
  }

  /** Follows from the current head: what happened before this process started is nobody's news. */
  async start(): Promise<void> {
    const head = await this.events.headPosition();
    this.subscription = this.events.subscribeToAll({ after: head, types: [...this.byType.keys()] }, (event) =>
      this.follow(event),
    );
  }

  get position(): number {
    return this.subscription?.position ?? 0;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.subscription?.stop();
    this.subscription = null;
  }

  private async follow(event: RecordedEvent): Promise<void> {
    for (const projection of this.byType.get(event.type) ?? []) {
      await this.watch.reached(projection.name, event.position);
      // Stopping: the watch let the wait go, the projection may not have applied the event.
      if (this.stopping) return;
      // A message that cannot be built is lost to the screens, not to the data: never stop following for it.
      await this.publish(projection, event).catch((error: unknown) =>
        this.logger.warn(`No websocket message for event ${event.position}: ${String(error)}`),
      );
    }
  }
}
