import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../event-store.port';

/** One store under test; every open() is another connection (or client) to the same data. */
export interface EventStoreFixture {
  open(): Promise<EventStore>;
  /** Closes every connection opened through the fixture and deletes the data. */
  dispose(): Promise<void>;
}

export interface ContractOptions {
  /** Set when the engine is unavailable: the suite is reported as skipped with this reason. */
  skipReason?: string;
}

const metadata: EventMetadata = {
  organizationId: 1,
  actor: 'system',
  correlationId: 'corr-1',
  causationId: null,
  occurredAt: '2024-05-01T10:00:00.000Z',
  schemaVersion: 1,
};

function event(id: string, type = 'DeviceSeen', data: unknown = { id }): NewEvent {
  return { id, type, data, metadata };
}

function nextMillisecond(): Promise<void> {
  const start = Date.now();
  return new Promise((resolve) => {
    const tick = (): void => (Date.now() > start ? resolve() : void setTimeout(tick, 1));
    tick();
  });
}

/** The behaviour every EventStore adapter must have (KurrentDB semantics). */
export function eventStoreContract(
  name: string,
  createFixture: () => Promise<EventStoreFixture>,
  options: ContractOptions = {},
): void {
  const describeOrSkip = options.skipReason ? describe.skip : describe;
  // Straight to stdout: jest keeps the console output of a suite whose tests are all skipped to itself.
  if (options.skipReason) process.stdout.write(`skipped: ${name}: ${options.skipReason}\n`);
  const title = options.skipReason ? `${name} (skipped: ${options.skipReason})` : name;

  describeOrSkip(`EventStore contract: ${title}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;

    beforeEach(async () => {
      fixture = await createFixture();
      store = await fixture.open();
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    describe('append and read', () => {
      it('numbers revisions per stream from 0 and positions globally from 1', async () => {
        expect(await store.headPosition()).toBe(0);
        const first = await store.append('device-a', [event('e1'), event('e2')], 'no_stream');
        const second = await store.append('device-b', [event('e3')], 'no_stream');
        const third = await store.append('device-a', [event('e4')], 1);

        expect(first).toEqual({ nextExpectedRevision: 1, position: 2 });
        expect(second).toEqual({ nextExpectedRevision: 0, position: 3 });
        expect(third).toEqual({ nextExpectedRevision: 2, position: 4 });
        expect(await store.headPosition()).toBe(4);

        const streamA = await store.readStream('device-a');
        expect(streamA.map((e) => [e.id, e.revision, e.position])).toEqual([
          ['e1', 0, 1],
          ['e2', 1, 2],
          ['e4', 2, 4],
        ]);
      });

      it('returns what was appended: id, type, data, metadata, stream and record time', async () => {
        const before = new Date().toISOString();
        await store.append(
          'device-a',
          [event('e1', 'JoinSeen', { devEui: '0102', fCount: 7, ok: true })],
          'any',
        );
        const [recorded] = await store.readStream('device-a');

        expect(recorded).toMatchObject({
          id: 'e1',
          type: 'JoinSeen',
          streamId: 'device-a',
          data: { devEui: '0102', fCount: 7, ok: true },
          metadata,
          revision: 0,
          position: 1,
        });
        expect(new Date(recorded.recordedAt).toISOString()).toBe(recorded.recordedAt);
        expect(recorded.recordedAt >= before).toBe(true);
      });

      it('reads a stream from a revision, with a maximum count', async () => {
        await store.append(
          's',
          ['a', 'b', 'c', 'd'].map((id) => event(id)),
          'no_stream',
        );

        expect((await store.readStream('s', { fromRevision: 2 })).map((e) => e.id)).toEqual(['c', 'd']);
        expect((await store.readStream('s', { fromRevision: 1, maxCount: 2 })).map((e) => e.id)).toEqual([
          'b',
          'c',
        ]);
        expect(await store.readStream('missing')).toEqual([]);
      });

      it('reads all events after a position, with a maximum count', async () => {
        await store.append('s1', [event('a'), event('b')], 'no_stream');
        await store.append('s2', [event('c'), event('d')], 'no_stream');

        expect((await store.readAll()).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
        expect((await store.readAll({ after: 1 })).map((e) => e.position)).toEqual([2, 3, 4]);
        expect((await store.readAll({ after: 1, maxCount: 2 })).map((e) => e.id)).toEqual(['b', 'c']);
        expect(await store.readAll({ after: 4 })).toEqual([]);
      });

      it('reads all events recorded up to a time (as of)', async () => {
        await store.append('s', [event('early')], 'no_stream');
        const [early] = await store.readAll();
        await nextMillisecond();
        await store.append('s', [event('late')], 0);

        expect((await store.readAll({ until: early.recordedAt })).map((e) => e.id)).toEqual(['early']);
        expect((await store.readAll({ until: new Date(Date.now() + 1000).toISOString() })).length).toBe(2);
      });
    });

    describe('optimistic concurrency', () => {
      it('rejects a wrong expected revision and writes nothing', async () => {
        await store.append('s', [event('a'), event('b')], 'no_stream');

        const append = store.append('s', [event('c')], 0);
        await expect(append).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(append).rejects.toMatchObject({ streamId: 's', expected: 0, actual: 1 });
        expect(await store.headPosition()).toBe(2);
      });

      it('rejects no_stream on an existing stream', async () => {
        await store.append('s', [event('a')], 'no_stream');
        await expect(store.append('s', [event('b')], 'no_stream')).rejects.toMatchObject({
          name: 'WrongExpectedRevisionError',
          actual: 0,
        });
      });

      it('rejects a revision or stream_exists on a stream that does not exist', async () => {
        await expect(store.append('s', [event('a')], 0)).rejects.toMatchObject({ actual: 'no_stream' });
        await expect(store.append('s', [event('a')], 'stream_exists')).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        expect(await store.headPosition()).toBe(0);
      });

      it("appends without a check with 'any', and with stream_exists on an existing stream", async () => {
        expect(await store.append('s', [event('a')], 'any')).toEqual({
          nextExpectedRevision: 0,
          position: 1,
        });
        expect(await store.append('s', [event('b')], 'any')).toEqual({
          nextExpectedRevision: 1,
          position: 2,
        });
        expect(await store.append('s', [event('c')], 'stream_exists')).toEqual({
          nextExpectedRevision: 2,
          position: 3,
        });
      });

      it('lets only one of two writers at the same expected revision win', async () => {
        await store.append('s', [event('a')], 'no_stream');
        const other = await fixture.open();

        const results = await Promise.allSettled([
          store.append('s', [event('from-1')], 0),
          other.append('s', [event('from-2')], 0),
        ]);

        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        expect((await store.readStream('s')).length).toBe(2);
      });
    });

    describe('idempotent appends', () => {
      it('returns the original result when the same events are appended again', async () => {
        const original = await store.append('s', [event('a'), event('b')], 'no_stream');
        await store.append('s', [event('c')], 1);

        expect(await store.append('s', [event('a'), event('b')], 'no_stream')).toEqual(original);
        expect(await store.append('s', [event('a'), event('b')], 'any')).toEqual(original);
        expect(await store.append('s', [event('c')], 1)).toEqual({ nextExpectedRevision: 2, position: 3 });
        expect(await store.headPosition()).toBe(3);
      });

      it('rejects a partial replay at a stale revision, writing nothing', async () => {
        await store.append('s', [event('a'), event('b')], 'no_stream');

        await expect(store.append('s', [event('a'), event('x')], 'no_stream')).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        expect((await store.readStream('s')).map((e) => e.id)).toEqual(['a', 'b']);
      });
    });

    describe('subscription to all', () => {
      it('catches up from the start, then delivers live appends in order', async () => {
        await store.append('s1', [event('a'), event('b')], 'no_stream');
        await store.append('s2', [event('c')], 'no_stream');
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribeToAll({ after: 0 }, (e) => void seen.push(e));

        await subscription.caughtUp();
        expect(seen.map((e) => e.id)).toEqual(['a', 'b', 'c']);
        expect(subscription.position).toBe(3);

        await store.append('s1', [event('d')], 1);
        await store.append('s3', [event('e'), event('f')], 'no_stream');
        await subscription.caughtUp();
        expect(seen.map((e) => [e.id, e.position])).toEqual([
          ['a', 1],
          ['b', 2],
          ['c', 3],
          ['d', 4],
          ['e', 5],
          ['f', 6],
        ]);
        expect(subscription.position).toBe(6);
        await subscription.stop();
      });

      it('starts after a middle position, across batch boundaries', async () => {
        await store.append(
          's',
          ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => event(id)),
          'no_stream',
        );
        const seen: number[] = [];
        const subscription = store.subscribeToAll(
          { after: 2, batchSize: 2 },
          (e) => void seen.push(e.position),
        );

        await subscription.caughtUp();
        expect(seen).toEqual([3, 4, 5, 6]);
        await subscription.stop();
      });

      it('delivers only the requested types but still advances past the others', async () => {
        await store.append(
          's',
          [event('a', 'A'), event('b', 'B'), event('c', 'A'), event('d', 'C')],
          'no_stream',
        );
        const seen: string[] = [];
        const subscription = store.subscribeToAll({ after: 0, types: ['A', 'C'], batchSize: 1 }, (e) => {
          seen.push(e.id);
        });

        await subscription.caughtUp();
        await store.append('s', [event('e', 'B')], 3);
        await subscription.caughtUp();
        expect(seen).toEqual(['a', 'c', 'd']);
        expect(subscription.position).toBe(5);
        await subscription.stop();
      });

      it('awaits each handler call before the next one', async () => {
        await store.append(
          's',
          ['a', 'b', 'c'].map((id) => event(id)),
          'no_stream',
        );
        let running = 0;
        let maxRunning = 0;
        const order: string[] = [];
        const subscription = store.subscribeToAll({ after: 0 }, async (e) => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(e.id);
          running -= 1;
        });

        await subscription.caughtUp();
        expect(order).toEqual(['a', 'b', 'c']);
        expect(maxRunning).toBe(1);
        await subscription.stop();
      });

      it('runs two subscriptions independently', async () => {
        await store.append('s', [event('a'), event('b')], 'no_stream');
        const fromStart: string[] = [];
        const fromMiddle: string[] = [];
        const first = store.subscribeToAll({ after: 0 }, (e) => void fromStart.push(e.id));
        const second = store.subscribeToAll({ after: 1 }, (e) => void fromMiddle.push(e.id));

        await store.append('s', [event('c')], 1);
        await Promise.all([first.caughtUp(), second.caughtUp()]);
        expect(fromStart).toEqual(['a', 'b', 'c']);
        expect(fromMiddle).toEqual(['b', 'c']);
        await Promise.all([first.stop(), second.stop()]);
      });

      it('sees appends made through another connection', async () => {
        const writer = await fixture.open();
        const seen: string[] = [];
        const subscription = store.subscribeToAll({ after: 0 }, (e) => void seen.push(e.id));
        await subscription.caughtUp();

        await writer.append('s', [event('remote')], 'no_stream');
        await subscription.caughtUp();
        expect(seen).toEqual(['remote']);
        await subscription.stop();
      });

      it('stops on a failing handler and surfaces its error', async () => {
        await store.append('s', [event('a'), event('poison'), event('c')], 'no_stream');
        const seen: string[] = [];
        const subscription = store.subscribeToAll({ after: 0 }, (e) => {
          if (e.id === 'poison') throw new Error('projection failed');
          seen.push(e.id);
        });

        await expect(subscription.caughtUp()).rejects.toThrow('projection failed');
        await expect(subscription.caughtUp()).rejects.toThrow('projection failed');
        expect(seen).toEqual(['a']);
        expect(subscription.position).toBe(1);
        await subscription.stop();
      });

      it('delivers nothing after stop', async () => {
        const seen: string[] = [];
        const subscription = store.subscribeToAll({ after: 0 }, (e) => void seen.push(e.id));
        await subscription.caughtUp();
        await subscription.stop();

        await store.append('s', [event('late')], 'no_stream');
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(seen).toEqual([]);
        expect(subscription.position).toBe(0);
      });
    });
  });
}
