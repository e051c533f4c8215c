import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import type { RecordedEvent } from '../event-store.port';
import {
  KurrentSubscription,
  type AllFeed,
  type FeedItem,
  type KurrentSubscriptionSettings,
  type LiveFeed,
} from './kurrent-subscription';

const metadata: EventMetadata = {
  organizationId: 1,
  actor: 'system',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2024-05-01T10:00:00.000Z',
  schemaVersion: 1,
};

/**
 * An in-memory $all for the subscription's own logic (ordering, skipping, retry, stop). It is not a stand-in
 * for KurrentDB: the server behaviour is covered by the contract suite in kurrent-event-store.int.spec.ts.
 */
class MemoryFeed implements AllFeed {
  readonly entries: FeedItem[] = [];
  subscribeCalls: number[] = [];
  /** Throws once when the live read reaches this position, as a dropped link does. */
  dropAt: number | null = null;
  /** Like a server read, also hand back the entry at the start position (the subscription must skip it). */
  repeatStart = false;
  /** Like a server-side type filter: only entries of these types are sent (undefined: every entry). */
  sendTypes: string[] | undefined = undefined;
  /** With sendTypes, a checkpoint item after every this many entries looked at, as the server's filter sends. */
  checkpointEvery = Number.POSITIVE_INFINITY;
  /** Errors the next live reads throw before sending anything, one per read. */
  failures: unknown[] = [];
  readonly subscribedAt: number[] = [];
  private readonly wakers = new Set<() => void>();

  add(position: number, id: string | null, type = 'T'): void {
    this.entries.push({ position, event: id === null ? null : recorded(id, type, position) });
    for (const wake of [...this.wakers]) wake();
  }

  async head(): Promise<number> {
    const visible = this.entries.filter((entry) => entry.event !== null);
    return visible.length === 0 ? 0 : visible[visible.length - 1].position;
  }

  /** Present only while sendTypes is set, as on the store. */
  get nextSent(): ((after: number) => Promise<number | null>) | undefined {
    const types = this.sendTypes;
    if (!types) return undefined;
    return async (after) =>
      this.entries.find(
        (entry) => entry.position > after && entry.event !== null && types.includes(entry.event.type),
      )?.position ?? null;
  }

  private sends(entry: FeedItem): boolean {
    return !this.sendTypes || (entry.event !== null && this.sendTypes.includes(entry.event.type));
  }

  subscribe(after: number): LiveFeed {
    this.subscribeCalls.push(after);
    this.subscribedAt.push(Date.now());
    const failure = this.failures.shift();
    let closed = false;
    let wake: (() => void) | null = null;
    const nextAfter = (cursor: number, inclusive: boolean): FeedItem | undefined =>
      this.entries.find((entry) => (inclusive ? entry.position >= cursor : entry.position > cursor));
    const dropsAt = (position: number): boolean => {
      if (this.dropAt !== position) return false;
      this.dropAt = null;
      return true;
    };
    const waitForMore = (): Promise<void> =>
      new Promise<void>((resolve) => {
        const done = (): void => {
          this.wakers.delete(done);
          resolve();
        };
        wake = done;
        this.wakers.add(done);
      });
    const repeatStart = this.repeatStart;
    const sends = (entry: FeedItem): boolean => this.sends(entry);
    const checkpointEvery = this.checkpointEvery;
    return {
      async unsubscribe() {
        closed = true;
        wake?.();
      },
      async *[Symbol.asyncIterator]() {
        if (failure !== undefined) throw failure;
        let cursor = after;
        let first = repeatStart;
        let considered = 0;
        while (!closed) {
          const next = nextAfter(cursor, first);
          first = false;
          if (!next) {
            await waitForMore();
            continue;
          }
          if (dropsAt(next.position)) throw new Error('link dropped');
          cursor = next.position;
          considered += 1;
          if (sends(next)) yield next;
          else if (considered % checkpointEvery === 0) yield { position: next.position, event: null };
        }
      },
    };
  }
}

function recorded(id: string, type: string, position: number): RecordedEvent {
  return {
    id,
    type,
    streamId: 's',
    revision: position,
    position,
    data: {},
    metadata,
    recordedAt: '2024-05-01T10:00:00.000Z',
  };
}

describe('KurrentSubscription', () => {
  let feed: MemoryFeed;
  let errors: unknown[];
  let retries: unknown[];
  let running: KurrentSubscription[];

  function settings(overrides: Partial<KurrentSubscriptionSettings> = {}): KurrentSubscriptionSettings {
    return {
      onError: (error) => errors.push(error),
      onRetry: (error) => retries.push(error),
      retryDelayMs: 1,
      onStopped: () => undefined,
      ...overrides,
    };
  }

  function start(
    after: number,
    handler: (event: RecordedEvent) => unknown,
    types?: string[],
    overrides?: Partial<KurrentSubscriptionSettings>,
  ): KurrentSubscription {
    const subscription = new KurrentSubscription(
      feed,
      { after, types },
      async (event) => void (await handler(event)),
      settings(overrides),
    );
    running.push(subscription);
    return subscription;
  }

  beforeEach(() => {
    feed = new MemoryFeed();
    errors = [];
    retries = [];
    running = [];
  });

  afterEach(async () => {
    await Promise.all(running.map((subscription) => subscription.stop()));
  });

  it('delivers in position order, one handler call at a time, from after the start position', async () => {
    feed.add(100, 'a');
    feed.add(250, 'b');
    feed.add(400, 'c');
    const order: string[] = [];
    let inside = 0;
    let maxInside = 0;
    const subscription = start(100, async (event) => {
      inside += 1;
      maxInside = Math.max(maxInside, inside);
      await new Promise((resolve) => setImmediate(resolve));
      order.push(event.id);
      inside -= 1;
    });

    await subscription.caughtUp();
    expect(order).toEqual(['b', 'c']);
    expect(maxInside).toBe(1);
    expect(subscription.position).toBe(400);
  });

  it('advances past hidden entries and skipped types without handing them over', async () => {
    feed.add(10, 'a', 'A');
    feed.add(20, null);
    feed.add(30, 'b', 'B');
    feed.add(40, 'c', 'C');
    const seen: string[] = [];
    const subscription = start(0, (event) => seen.push(event.id), ['A', 'C']);

    await subscription.caughtUp();
    feed.add(50, 'd', 'B');
    await subscription.caughtUp();
    expect(seen).toEqual(['a', 'c']);
    expect(subscription.position).toBe(50);
  });

  it('resolves caughtUp for entries added after it was called', async () => {
    const seen: string[] = [];
    const subscription = start(0, (event) => seen.push(event.id));
    await subscription.caughtUp();

    feed.add(10, 'late');
    await subscription.caughtUp();
    expect(seen).toEqual(['late']);
  });

  it('stops on a failing handler, keeps the last completed position and surfaces the error', async () => {
    feed.add(1, 'a');
    feed.add(2, 'poison');
    feed.add(3, 'c');
    const seen: string[] = [];
    const subscription = start(0, (event) => {
      if (event.id === 'poison') throw new Error('projection failed');
      seen.push(event.id);
    });

    await expect(subscription.caughtUp()).rejects.toThrow('projection failed');
    await expect(subscription.caughtUp()).rejects.toThrow('projection failed');
    expect(seen).toEqual(['a']);
    expect(subscription.position).toBe(1);
    expect(errors).toEqual([new Error('projection failed')]);
    expect(retries).toEqual([]);
  });

  it('resubscribes from the last completed position after a dropped link, without repeats or gaps', async () => {
    feed.add(1, 'a');
    feed.add(2, 'b');
    feed.add(3, 'c');
    feed.dropAt = 2;
    feed.repeatStart = true;
    const seen: string[] = [];
    const subscription = start(0, (event) => seen.push(event.id));

    await subscription.caughtUp();
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(retries).toEqual([new Error('link dropped')]);
    expect(feed.subscribeCalls).toEqual([0, 1]);
    expect(errors).toEqual([]);
  });

  it('delivers nothing after stop, and rejects a caughtUp that can no longer be reached', async () => {
    const seen: string[] = [];
    const subscription = start(0, (event) => seen.push(event.id));
    await subscription.caughtUp();
    await subscription.stop();

    feed.add(1, 'late');
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    expect(subscription.position).toBe(0);
    await expect(subscription.caughtUp()).rejects.toThrow('stopped before catching up');
  });

  describe('with its types filtered by the feed (on the server)', () => {
    beforeEach(() => {
      feed.sendTypes = ['A', 'C'];
    });

    it('reaches the head past trailing entries of other types, without a checkpoint', async () => {
      feed.add(10, 'a', 'A');
      feed.add(20, 'b', 'B');
      feed.add(30, 'c', 'C');
      feed.add(40, 'd', 'B');
      const seen: string[] = [];
      const subscription = start(0, (event) => seen.push(event.id), ['A', 'C']);

      await subscription.caughtUp();
      expect(seen).toEqual(['a', 'c']);
      expect(subscription.position).toBe(40);

      feed.add(50, 'e', 'B');
      await subscription.caughtUp();
      expect(subscription.position).toBe(50);
      feed.add(60, 'f', 'A');
      feed.add(70, 'g', 'B');
      await subscription.caughtUp();
      expect(seen).toEqual(['a', 'c', 'f']);
      expect(subscription.position).toBe(70);
    });

    it('waits for an entry of its types that lies before the head to be handled', async () => {
      feed.add(10, 'a', 'A');
      feed.add(20, 'b', 'B');
      let release = (): void => undefined;
      const handled: string[] = [];
      const subscription = start(
        0,
        async (event) => {
          await new Promise<void>((resolve) => (release = resolve));
          handled.push(event.id);
        },
        ['A', 'C'],
      );

      let caughtUp = false;
      const waiting = subscription.caughtUp().then(() => (caughtUp = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(caughtUp).toBe(false);
      expect(subscription.position).toBe(0);

      release();
      await waiting;
      expect(handled).toEqual(['a']);
      expect(subscription.position).toBe(20);
    });

    it("moves its position on the filter's checkpoints, in order with the events", async () => {
      feed.checkpointEvery = 3;
      feed.add(10, 'a', 'A');
      feed.add(20, 'b', 'B');
      feed.add(30, 'c', 'B');
      const positions: number[] = [];
      const subscription = start(0, () => undefined, ['A', 'C']);
      const watch = setInterval(() => positions.push(subscription.position), 1);

      for (let waited = 0; subscription.position < 30 && waited < 200; waited += 1)
        await new Promise((resolve) => setTimeout(resolve, 5));
      clearInterval(watch);
      // No caughtUp() call: the checkpoint at the third entry looked at moved it.
      expect(subscription.position).toBe(30);
      expect(positions.every((position, index) => index === 0 || position >= positions[index - 1])).toBe(
        true,
      );
    });
  });

  it('stops and reports a permanent failure of the feed instead of retrying it', async () => {
    const denied = Object.assign(new Error('access denied'), { type: 'access-denied' });
    feed.failures = [denied];
    feed.add(1, 'a');
    const seen: string[] = [];
    const subscription = start(0, (event) => seen.push(event.id));

    await expect(subscription.caughtUp()).rejects.toThrow('access denied');
    expect(errors).toEqual([denied]);
    expect(retries).toEqual([]);
    expect(feed.subscribeCalls).toEqual([0]);
    expect(seen).toEqual([]);
  });

  it('retries a transient failure after a delay that grows with each failure in a row', async () => {
    feed.failures = ['one', 'two', 'three', 'four'].map((text) => new Error(text));
    feed.add(1, 'a');
    const subscription = start(0, () => undefined, undefined, { retryDelayMs: 20, maxRetryDelayMs: 80 });

    await subscription.caughtUp();
    expect(retries).toHaveLength(4);
    expect(errors).toEqual([]);
    const gaps = feed.subscribedAt.slice(1).map((at, index) => at - feed.subscribedAt[index]);
    // 20, 40, 80, 80 ms, each less up to a fifth at random.
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(gaps[2]).toBeGreaterThanOrEqual(63);
    expect(gaps[3]).toBeGreaterThanOrEqual(63);
  });

  it('stops while waiting to retry a dropped link', async () => {
    feed.add(1, 'a');
    feed.dropAt = 1;
    const subscription = start(0, () => undefined, undefined, { retryDelayMs: 3_600_000 });
    const waiting = subscription.caughtUp();

    await new Promise((resolve) => setImmediate(resolve));
    await subscription.stop();
    await expect(waiting).rejects.toThrow('stopped before catching up');
    expect(retries).toHaveLength(1);
  });
});
