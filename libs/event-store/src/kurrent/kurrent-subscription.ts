import type { EventHandler, RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';
import { failureKind, retryDelay } from './kurrent-errors';
import { matchesTypes } from './kurrent-mapping';

/**
 * One entry of $all as the subscription sees it: `event` is null for what the port hides (system events, streams
 * outside the namespace) and for a checkpoint of a server-side filter (every entry up to it was looked at).
 */
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
  /** Position of the newest entry of the store the port shows, of any type (0 when none). */
  head(): Promise<number>;
  /**
   * For a feed filtered on the server (by event type): the position of the first entry after `after` that
   * subscribe() would send, or null when there is none yet. Absent when the feed sends every entry up to head().
   */
  nextSent?(after: number): Promise<number | null>;
}

export interface KurrentSubscriptionSettings {
  /**
   * A throwing handler, or a permanent failure of the read (see kurrent-errors.ts), stops the subscription (its
   * owner starts a new one); the error is reported here and by caughtUp().
   */
  onError: (error: unknown) => void;
  /**
   * A transient failure (a dropped link) is retried from the last completed position after this delay, doubled
   * on each failure in a row up to maxRetryDelayMs; a delivered entry starts the count again.
   */
  retryDelayMs: number;
  /** Default: 30 000, or retryDelayMs when that is longer. */
  maxRetryDelayMs?: number;
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
 * the position. With types, the store filters them on the server: the feed then sends those types and the
 * filter's checkpoints only, and caughtUp() asks the feed (nextSent) whether anything it would send lies before
 * the head, so the position still reaches the head past trailing entries of other types.
 * The batchSize option has no use here: the server streams $all under its own flow control.
 * Do not await stop() from inside the handler: stop() waits for the handler to return.
 */
export class KurrentSubscription implements Subscription {
  private current: number;
  private stopping = false;
  private failure: { error: unknown } | null = null;
  private waiters: CaughtUpWaiter[] = [];
  private live: LiveFeed | null = null;
  private wakeRetry: (() => void) | null = null;
  /** Transient failures in a row since the last delivered entry. */
  private failuresInRow = 0;
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
    const nextSent = this.feed.nextSent?.bind(this.feed);
    for (;;) {
      if (this.current >= target) return;
      if (this.stopping) throw new Error(STOPPED_EARLY);
      if (!nextSent) return this.reach(target);
      // Read after the head: every entry the feed would send up to the head is at or after `next`.
      const next = await nextSent(this.current);
      this.throwIfFailed();
      if (next === null || next > target) {
        // Nothing up to the head is still to be sent: what lies between is of other types.
        this.advance(target);
        return;
      }
      await this.reach(next);
    }
  }

  private reach(target: number): Promise<void> {
    if (this.current >= target) return Promise.resolve();
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
        if (error instanceof HandlerFailure || (!this.stopping && failureKind(error) === 'permanent')) {
          this.fail(error instanceof HandlerFailure ? error.error : error);
          await live.unsubscribe().catch(() => undefined);
          return;
        }
        if (this.stopping) return;
        this.failuresInRow += 1;
        this.settings.onRetry(error);
        await live.unsubscribe().catch(() => undefined);
        await this.pause(this.retryDelayMs());
      }
    }
  }

  private retryDelayMs(): number {
    const base = this.settings.retryDelayMs;
    return retryDelay(this.failuresInRow, base, Math.max(this.settings.maxRetryDelayMs ?? 30_000, base));
  }

  private async take(item: FeedItem): Promise<void> {
    this.failuresInRow = 0;
    // A resubscription may repeat the entry it started from: the position is the only truth.
    if (item.position <= this.current) return;
    if (item.event && matchesTypes(item.event.type, this.options.types)) {
      try {
        await this.handler(item.event);
      } catch (error) {
        throw new HandlerFailure(error);
      }
    }
    this.advance(item.position);
  }

  /** Never backwards: caughtUp() may have moved past entries of other types while a handler ran. */
  private advance(position: number): void {
    if (position <= this.current) return;
    this.current = position;
    this.resolveReached();
  }

  private fail(error: unknown): void {
    this.failure = { error };
    this.stopping = true;
    this.settings.onError(error);
    this.rejectWaiters(error);
  }

  private pause(delayMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
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
