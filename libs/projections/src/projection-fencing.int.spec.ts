import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { Metrics } from '@lorawatch/ops/metrics';
import { envelope } from '@lorawatch/platform/aggregate';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { CheckpointFencedError, type Doc, type WriteOp } from '@lorawatch/read-store/read-store.port';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import type { Projection } from './projection';
import { ProjectionBatch } from './projection-batch';
import { ProjectionRunner } from './projection-runner';

interface Total extends Doc {
  sum: number;
  count: number;
}

const TOTALS = { name: 'totals' };

/** Sums `Measured` values per sensor with increments: an event applied twice shows in the read model. */
const totals: Projection = {
  name: 'totals',
  collections: [TOTALS],
  eventTypes: ['Measured'],
  project(event): WriteOp[] {
    const { sensor, value } = event.data as { sensor: string; value: number };
    return [{ op: 'inc', collection: TOTALS.name, id: sensor, inc: { sum: value, count: 1 } }];
  },
};

/** What `readings` readings sum to, per sensor (reading i: sensor s<i % 3>, value i). */
function expectedTotals(readings: number): Total[] {
  const byId = new Map<string, Total>();
  for (let i = 0; i < readings; i++) {
    const id = `s${i % 3}`;
    const total = byId.get(id) ?? { id, sum: 0, count: 0 };
    byId.set(id, { id, sum: total.sum + i, count: total.count + 1 });
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

describe('projection commits fenced on their checkpoint', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let events: SqliteEventStore;
  let store: SqliteReadStore;

  beforeEach(() => {
    temp = createTempSqliteFile('projection-fencing');
    db = openDatabase(temp.file);
    events = new SqliteEventStore(db, { pollIntervalMs: 20 });
    store = new SqliteReadStore(db);
  });
  afterEach(async () => {
    await events.close();
    await store.close();
    db.close();
    temp.remove();
  });

  async function appendReadings(from: number, to: number): Promise<void> {
    const who = { organizationId: 1, actor: 'test' };
    for (let i = from; i < to; i++) {
      const data = { id: `r${i}`, sensor: `s${i % 3}`, value: i };
      await events.append(
        `reading-${i}`,
        [envelope('Measured', data, who, new Date().toISOString())],
        'no_stream',
      );
    }
  }

  const stored = () => store.collection<Total>(TOTALS).find({}, { sort: [['id', 'asc']] });

  it('refuses the batch of a runner whose checkpoint another runner moved on, writing nothing of it', async () => {
    await appendReadings(0, 6);
    const recorded = await events.readAll();
    store.collection(TOTALS);
    const options = { after: 0, maxEvents: 100, publish: () => undefined };
    const stale = new ProjectionBatch(totals, store, options);
    const current = new ProjectionBatch(totals, store, options);

    // Both read the checkpoint at 0; the current one commits the first four events first.
    for (const event of recorded.slice(0, 3)) await stale.add(event);
    for (const event of recorded.slice(0, 4)) await current.add(event);
    await current.commit();
    await expect(stale.commit()).rejects.toBeInstanceOf(CheckpointFencedError);

    expect(await store.checkpoint(totals.name)).toBe(recorded[3].position);
    expect(await stored()).toEqual(expectedTotals(4));
    // The stale batch stays refused; the current one goes on from its checkpoint.
    await expect(stale.add(recorded[4])).rejects.toBeInstanceOf(CheckpointFencedError);
    for (const event of recorded.slice(4)) await current.add(event);
    await current.commit();
    expect(await stored()).toEqual(expectedTotals(6));
  });

  it('applies every event once when two runners of a projection work on the same read model', async () => {
    const metrics = [new Metrics(), new Metrics()];
    const runners = metrics.map(
      (m) =>
        new ProjectionRunner(events, store, [totals], {
          maxBatchEvents: 4,
          health: m.consumers,
          restart: { initialDelayMs: 20, maxDelayMs: 100 },
        }),
    );
    for (const runner of runners) await runner.start();
    await appendReadings(0, 90);
    for (const runner of runners) await caughtUp(runner);

    expect(await stored()).toEqual(expectedTotals(90));
    expect(await store.checkpoint(totals.name)).toBe(await events.headPosition());
    // Whichever lost a race was started again from the stored checkpoint, counted, never reported down.
    for (const m of metrics) {
      expect(m.consumers.downWorkers()).toEqual([]);
      expect(await m.registry.getSingleMetricAsString('lorawatch_consumer_down')).not.toContain('group=');
    }
    for (const runner of runners) await runner.stop();
    expect(await stored()).toEqual(expectedTotals(90));
  });
});

/** Waits for the runner to catch up, through the restarts of lanes fenced meanwhile. */
async function caughtUp(runner: ProjectionRunner, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await runner.caughtUp();
      return;
    } catch (error) {
      if (!(error instanceof CheckpointFencedError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
