import type { EventHandler, RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';
import { matchesTypes } from './kurrent-mapping';

/** One entry of $all as the subscription sees it: `event` is null for what the port hides (system events). */
export interface FeedItem {
  position: number;
  event: RecordedEvent | null;
}

/** A live read of $all after a position; iteration ends when unsubscribed (or throws when the link drops). */
export interface LiveFeed extends AsyncIterable<FeedItem> {
  unsubscribe(): Promise<void>;
}

/** What the subscription needs from the store, kept apart from the client so it can be specified without a server. */
export interface AllFeed {
  subscribe(after: number): LiveFeed;
  /** Position of the newest entry the feed will deliver (0 when none). */
  head(): Promise<number>;
}

export interface KurrentSubscriptionSettings {
  /** A throwing handler stops the subscription (its owner starts a new one); its error is reported here. */
  onError: (error: unknown) => void;
  /** A dropped link is retried from the last completed position after this delay. */
  retryDelayMs: number;
  onRetry: (error: unknown) => void;
  onStopped: (subscription: KurrentSubscription) => void;
}

interface CaughtUpWaiter {
  target: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

class HandlerFailure {
  constructor(readonly error: unknown) {}
}

const STOPPED_EARLY = 'Subscription stopped before catching up';

/**
 * Catch-up subscription on a server-side live read of $all. Iterating the feed with for-await gives one
 * handler call at a time, in position order; entries the port hides or the types option skips still advance
 * the position. The batchSize option has no use here: the server streams $all under its own flow control.
 * Do not await stop() from inside the handler: stop() waits for the handler to return.
 */
export class KurrentSubscription implements Subscription {
  private current: number;
  private stopping = false;
  private failure: { error: unknown } | null = null;
  private waiters: CaughtUpWaiter[] = [];
  private live: LiveFeed | null = null;
  private wakeRetry: (() => void) | null = null;
  private readonly finished: Promise<void>;

  constructor(
    private readonly feed: AllFeed,
    private readonly options: SubscribeOptions,
    private readonly handler: EventHandler,
    private readonly settings: KurrentSubscriptionSettings,
  ) {
    this.current = options.after;
    this.finished = this.run();
  }

  get position(): number {
    return this.current;
  }

  async caughtUp(): Promise<void> {
    this.throwIfFailed();
    const target = await this.feed.head();
    // The handler may have failed while the head was being read.
    this.throwIfFailed();
    if (this.current >= target) return;
    if (this.stopping) throw new Error(STOPPED_EARLY);
    return new Promise((resolve, reject) => this.waiters.push({ target, resolve, reject }));
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  async stop(): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      this.wakeRetry?.();
      await this.live?.unsubscribe();
    }
    await this.finished;
    this.rejectWaiters(new Error(STOPPED_EARLY));
    this.settings.onStopped(this);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const live = this.feed.subscribe(this.current);
      this.live = live;
      try {
        for await (const item of live) {
          if (this.stopping) break;
          await this.take(item);
        }
        if (!this.stopping) throw new Error('KurrentDB subscription ended without being stopped');
      } catch (error) {
        if (error instanceof HandlerFailure) {
          this.fail(error.error);
          await live.unsubscribe().catch(() => undefined);
          return;
        }
        if (this.stopping) return;
        this.settings.onRetry(error);
        await live.unsubscribe().catch(() => undefined);
        await this.pause();
      }
    }
  }

  private async take(item: FeedItem): Promise<void> {
    // A resubscription may repeat the entry it started from: the position is the only truth.
    if (item.position <= this.current) return;
    if (item.event && matchesTypes(item.event.type, this.options.types)) {
      try {
        await this.handler(item.event);
      } catch (error) {
        throw new HandlerFailure(error);
      }
    }
    this.current = item.position;
    this.resolveReached();
  }

  private fail(error: unknown): void {
    this.failure = { error };
    this.stopping = true;
    this.settings.onError(error);
    this.rejectWaiters(error);
  }

  private pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.settings.retryDelayMs);
      this.wakeRetry = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      this.wakeRetry = null;
    });
  }

  private resolveReached(): void {
    const reached = this.waiters.filter((waiter) => waiter.target <= this.current);
    this.waiters = this.waiters.filter((waiter) => waiter.target > this.current);
    for (const waiter of reached) waiter.resolve();
  }

  private rejectWaiters(error: unknown): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(error);
  }
}
