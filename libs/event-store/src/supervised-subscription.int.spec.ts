import { Metrics } from '@lorawatch/ops/metrics';
import { envelope } from '@lorawatch/platform/aggregate';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { SqliteEventStore } from './embedded/sqlite-event-store';
import type { RecordedEvent } from './event-store.port';
import { SupervisedSubscription } from './supervised-subscription';

const POLICY = { initialDelayMs: 20, maxDelayMs: 100 };

/** A subscriber that keeps its own checkpoint, on the embedded event store. */
describe('a supervised subscription', () => {
  let db: Database;
  let events: SqliteEventStore;
  let metrics: Metrics;

  beforeEach(() => {
    db = openDatabase(':memory:');
    events = new SqliteEventStore(db, { pollIntervalMs: 10, onError: () => undefined });
    metrics = new Metrics();
  });
  afterEach(async () => {
    await events.close();
    db.close();
  });

  let things = 0;
  const appendThings = async (count: number) => {
    for (let n = 1; n <= count; n += 1)
      await events.append(
        `thing-${(things += 1)}`,
        [
          envelope(
            'ThingHappened',
            { n: things },
            { organizationId: 1, actor: 'test' },
            new Date().toISOString(),
          ),
        ],
        'no_stream',
      );
  };
  const metric = (name: string) => metrics.registry.getSingleMetricAsString(name);

  it('starts again from the checkpoint after a failure, reports itself down meanwhile, and handles each event once', async () => {
    await appendThings(5);
    let checkpoint = 0;
    let failuresLeft = 2;
    const handled: number[] = [];
    const downWhileFailing: number[] = [];
    const subscription = await SupervisedSubscription.start(
      events,
      async () => ({ after: checkpoint }),
      async (event: RecordedEvent) => {
        if (event.position === 3 && failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('store unavailable');
        }
        if (event.position === 3) downWhileFailing.push(metrics.consumers.downWorkers().length);
        handled.push(event.position);
        checkpoint = event.position;
      },
      { name: 'test-subscriber', health: metrics.consumers, policy: POLICY },
    );
    try {
      await subscription.caughtUp();
      expect(handled).toEqual([1, 2, 3, 4, 5]);
      expect(downWhileFailing).toEqual([1]);
      expect(metrics.consumers.downWorkers()).toEqual([]);
      expect(await metric('lorawatch_consumer_restarts_total')).toContain('{group="test-subscriber"} 2');
      await appendThings(1);
      await subscription.caughtUp();
      expect(handled).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      await subscription.stop();
    }
  });

  it('reads on from the checkpoint after a refused commit, without being reported down', async () => {
    await appendThings(3);
    let checkpoint = 0;
    let refusedOnce = false;
    const handled: number[] = [];
    const subscription = await SupervisedSubscription.start(
      events,
      async () => ({ after: checkpoint }),
      async (event: RecordedEvent) => {
        if (event.position === 2 && !refusedOnce) {
          refusedOnce = true;
          // Another instance handled 2 meanwhile and moved the checkpoint on.
          checkpoint = 2;
          throw new Error('refused');
        }
        handled.push(event.position);
        checkpoint = event.position;
      },
      {
        name: 'test-subscriber',
        health: metrics.consumers,
        policy: POLICY,
        refused: (error) => error instanceof Error && error.message === 'refused',
      },
    );
    try {
      await subscription.caughtUp();
      expect(handled).toEqual([1, 3]);
      expect(await metric('lorawatch_consumer_down')).not.toContain('test-subscriber');
    } finally {
      await subscription.stop();
    }
  });
});
