import type { EventStore, Subscription } from '@lorawatch/event-store/event-store.port';
import type { EgressTenancy } from './egress-policy';

/** The accounts context's event for a new organisation (sign-up or the first start). */
const ORGANIZATION_CREATED = 'OrganizationCreated';

/**
 * The organisations, followed from the event store: the first one owns the demo network, a second one makes the
 * install shared. Each question waits until everything recorded so far is counted, so an organisation created just
 * before a connection is never missed.
 */
export class EventStoreTenancy implements EgressTenancy {
  private readonly organizations: number[] = [];
  private subscription: Subscription | null = null;
  private stopped = false;

  constructor(private readonly events: EventStore) {}

  async shared(): Promise<boolean> {
    await this.caughtUp();
    return this.organizations.length > 1;
  }

  async demoOwner(): Promise<number | null> {
    await this.caughtUp();
    return this.organizations[0] ?? null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  private caughtUp(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.subscription ??= this.events.subscribeToAll({ after: 0, types: [ORGANIZATION_CREATED] }, (event) => {
      const { organizationId } = event.data as { organizationId: number };
      if (!this.organizations.includes(organizationId)) this.organizations.push(organizationId);
    });
    return this.subscription.caughtUp();
  }
}
