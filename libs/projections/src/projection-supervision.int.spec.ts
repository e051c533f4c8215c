import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { Metrics } from '@lorawatch/ops/metrics';
import { withConsumerHealth } from '@lorawatch/ops/supervision';
import { envelope } from '@lorawatch/platform/aggregate';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import type { Doc, WriteOp } from '@lorawatch/read-store/read-store.port';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

interface Total extends Doc {
  sum: number;
  count: number;
}

const TOTALS = { name: 'totals' };

/**
 * Sums `Measured` values per sensor with increments, so an event applied twice or lost shows in the read model.
 * `failOnce` names a reading whose first projection throws (a store hiccup, a deploy's race).
 */
function totals(failOnce: string | null): Projection {
  let failed = false;
  return {
    name: 'totals',
    collections: [TOTALS],
    eventTypes: ['Measured'],
    project(event): WriteOp[] {
      const { id, sensor, value } = event.data as { id: string; sensor: string; value: number };
      if (id === failOnce && !failed) {
        failed = true;
        throw new Error(`reading ${id} could not be projected`);
      }
      return [{ op: 'inc', collection: TOTALS.name, id: sensor, inc: { sum: value, count: 1 } }];
    },
  };
}

describe('a projection that fails on one event', () => {
  let temps: TempSqliteFile[] = [];
  let dbs: Database[] = [];

  afterEach(() => {
    for (const db of dbs) db.close();
    for (const temp of temps) temp.remove();
    temps = [];
    dbs = [];
  });

  async function openWithReadings(count: number) {
    const temp = createTempSqliteFile('projection-supervision');
    const db = openDatabase(temp.file);
    temps.push(temp);
    dbs.push(db);
    const events = new SqliteEventStore(db, { pollIntervalMs: 20 });
    const store = new SqliteReadStore(db);
    const who = { organizationId: 1, actor: 'test' };
    for (let i = 0; i < count; i++) {
      const data = { id: `r${i}`, sensor: `s${i % 3}`, value: i };
      await events.append(
        `reading-${i}`,
        [envelope('Measured', data, who, new Date().toISOString())],
        'no_stream',
      );
    }
    return { events, store };
  }

  it('is started again from its checkpoint, reported meanwhile, and ends with the read model of a clean run', async () => {
    const reference = await openWithReadings(40);
    const clean = new ProjectionRunner(reference.events, reference.store, [totals(null)], {
      maxBatchEvents: 8,
    });
    await clean.start();
    await clean.caughtUp();
    await clean.stop();
    const expected = await reference.store.collection<Total>(TOTALS).find({}, { sort: [['id', 'asc']] });
    await reference.events.close();

    const { events, store } = await openWithReadings(40);
    const metrics = new Metrics();
    const runner = new ProjectionRunner(events, store, [totals('r21')], {
      maxBatchEvents: 8,
      health: metrics.consumers,
      restart: { initialDelayMs: 300, maxDelayMs: 1000 },
    });
    await runner.start();
    const ready = { ready: true, status: 'ready', details: {} };
    const downSeen = await waitFor(() => metrics.consumers.downWorkers().length > 0);
    expect(downSeen).toBe(true);
    const health = withConsumerHealth(ready, metrics.consumers);
    expect(health).toMatchObject({
      ready: false,
      status: 'degraded',
      details: { down: [{ name: 'totals' }] },
    });

    // Started again after the back-off, it applies the event that failed and the rest.
    expect(await waitFor(() => metrics.consumers.downWorkers().length === 0)).toBe(true);
    await runner.caughtUp();
    expect(await store.collection<Total>(TOTALS).find({}, { sort: [['id', 'asc']] })).toEqual(expected);
    expect(expected.reduce((sum, doc) => sum + doc.count, 0)).toBe(40);
    expect(runner.positions().totals).toBe(await events.headPosition());
    expect(metrics.consumers.downWorkers()).toEqual([]);
    expect(withConsumerHealth(ready, metrics.consumers)).toEqual(ready);
    const restarts = await metrics.registry.getSingleMetricAsString('lorawatch_consumer_restarts_total');
    expect(restarts).toContain('lorawatch_consumer_restarts_total{group="totals"} 1');
    await runner.stop();
    await events.close();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return condition();
}
