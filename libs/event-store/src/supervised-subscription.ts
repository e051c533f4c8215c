import {
  loggingHealth,
  restartDelay,
  type ConsumerHealth,
  type RestartPolicy,
} from '@lorawatch/ops/supervision';
import type { EventHandler, EventStore, SubscribeOptions, Subscription } from './event-store.port';

export interface SubscriptionSupervision {
  /** What /health and the metrics call this subscription. */
  name: string;
  /** Where it is reported down and counted; logged only when absent. */
  health?: ConsumerHealth;
  policy?: RestartPolicy;
  /**
   * Tells the errors that are no failure of the subscription (a fenced checkpoint commit: another instance moved
   * on): it is started again from its checkpoint after the initial pause, without being reported down.
   */
  refused?: (error: unknown) => boolean;
}

/**
 * A catch-up subscription that does not stay stopped: when the handler throws, the subscription (which stops on
 * a handler error) is opened again after a pause that doubles with each failure in a row, from where `from()`
 * says (the subscriber's committed checkpoint), and reported down to `health` meanwhile.
 */
export class SupervisedSubscription implements Subscription {
  private current: Subscription | null = null;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private restarting: Promise<void> | null = null;
  private stopped = false;
  private readonly health: ConsumerHealth;

  private constructor(
    private readonly events: EventStore,
    private readonly from: () => Promise<SubscribeOptions>,
    private readonly handler: EventHandler,
    private readonly supervision: SubscriptionSupervision,
  ) {
    this.health = supervision.health ?? loggingHealth();
  }

  /** Opens the subscription from `from()`. */
  static async start(
    events: EventStore,
    from: () => Promise<SubscribeOptions>,
    handler: EventHandler,
    supervision: SubscriptionSupervision,
  ): Promise<SupervisedSubscription> {
    const supervised = new SupervisedSubscription(events, from, handler, supervision);
    await supervised.open();
    return supervised;
  }

  get position(): number {
    return this.current?.position ?? 0;
  }

  /** Waits through restarts: resolves once the running subscription has delivered everything recorded so far. */
  async caughtUp(): Promise<void> {
    while (!this.stopped) {
      const subscription = this.current;
      if (subscription !== null && this.timer === null && this.restarting === null) {
        try {
          await subscription.caughtUp();
          return;
        } catch {
          // It failed meanwhile: wait for the restart.
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.restarting;
    await this.current?.stop();
    this.current = null;
  }

  private async open(): Promise<void> {
    const options = await this.from();
    let failedHere = false;
    const subscription = this.events.subscribeToAll(options, async (event) => {
      try {
        await this.handler(event);
      } catch (error) {
        if (!failedHere) {
          failedHere = true;
          this.failed(subscription, error);
        }
        throw error;
      }
      if (this.failures > 0) {
        this.failures = 0;
        this.health.recovered(this.supervision.name);
      }
    });
    this.current = subscription;
  }

  private failed(subscription: Subscription, error: unknown): void {
    if (this.stopped) return;
    const refused = this.supervision.refused?.(error) === true;
    if (!refused) this.failures += 1;
    const delay = restartDelay(refused ? 1 : this.failures, this.supervision.policy);
    if (!refused) this.health.failed(this.supervision.name, error, this.failures, delay);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.restarting = this.restart(subscription).finally(() => (this.restarting = null));
    }, delay);
  }

  private async restart(failed: Subscription): Promise<void> {
    // Not from inside the handler: stop() waits for the handler, which has returned by now.
    await failed.stop().catch(() => undefined);
    if (this.stopped) return;
    try {
      await this.open();
      this.health.restarted(this.supervision.name);
    } catch (error) {
      // Where to start could not be read: try again after a longer pause.
      this.failed(failed, error);
    }
  }
}
