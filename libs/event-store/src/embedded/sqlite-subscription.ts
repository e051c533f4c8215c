import { isBusy } from '@lorawatch/sqlite/busy-retry';
import type { WakeSignal } from '@lorawatch/sqlite/wake-signal';
import type { EventHandler, RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';

/** Pause after the file's write lock could not be had in time (SQLITE_BUSY), before reading on. */
const BUSY_PAUSE_MS = 1000;

/** What a subscription needs from the store: the head, a filtered read, and the append signal. */
export interface EventFeed {
  head(): number;
  /** Events with after < position <= upTo, of the given types (all when undefined), in position order. */
  read(after: number, upTo: number, types: string[] | undefined, limit: number): RecordedEvent[];
  readonly appended: WakeSignal;
}

export interface SubscriptionSettings {
  pollIntervalMs: number;
  onError: (error: unknown) => void;
  onStopped: (subscription: SqliteSubscription) => void;
}

interface CaughtUpWaiter {
  target: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const DEFAULT_BATCH_SIZE = 256;

/**
 * Catch-up subscription: reads in batches from a position until the head, then waits for appends.
 * Handler calls are awaited one at a time; a throwing handler stops the subscription (its owner starts a new one
 * from its checkpoint, as ProjectionRunner does).
 * Do not await stop() from inside the handler: stop() waits for the handler to return.
 */
export class SqliteSubscription implements Subscription {
  private current: number;
  private stopping = false;
  private failure: { error: unknown } | null = null;
  private waiters: CaughtUpWaiter[] = [];
  private readonly finished: Promise<void>;

  constructor(
    private readonly feed: EventFeed,
    private readonly options: SubscribeOptions,
    private readonly handler: EventHandler,
    private readonly settings: SubscriptionSettings,
  ) {
    this.current = options.after;
    this.finished = this.run();
  }

  get position(): number {
    return this.current;
  }

  caughtUp(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.error);
    const target = this.feed.head();
    if (this.current >= target) return Promise.resolve();
    if (this.stopping) return Promise.reject(new Error('Subscription stopped before catching up'));
    return new Promise((resolve, reject) => this.waiters.push({ target, resolve, reject }));
  }

  async stop(): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      // Wakes every loop waiting on the store's signal, this one included; the others just re-check.
      this.feed.appended.notify();
    }
    await this.finished;
    this.rejectWaiters(new Error('Subscription stopped before catching up'));
    this.settings.onStopped(this);
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    try {
      while (!this.stopping) {
        const seen = this.feed.appended.version;
        const head = this.feed.head();
        const batch =
          head > this.current ? this.feed.read(this.current, head, this.options.types, batchSize) : [];
        for (const event of batch) {
          if (this.stopping) return;
          await this.handler(event);
          this.current = event.position;
          this.resolveReached();
        }
        if (batch.length < batchSize) {
          // Everything up to the head was read; events filtered out by type still count as processed.
          this.current = Math.max(this.current, head);
          this.resolveReached();
          await this.feed.appended.wait(this.settings.pollIntervalMs, seen);
        }
      }
    } catch (error) {
      if (isBusy(error) && !this.stopping) {
        // Nothing past the last handled event counts as read: after a pause, reading resumes from there.
        await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
        return this.run();
      }
      this.failure = { error };
      this.stopping = true;
      this.settings.onError(error);
      this.rejectWaiters(error);
    }
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
