import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { envelope } from '@lorawatch/platform/aggregate';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import type { Doc, WriteOp } from '@lorawatch/read-store/read-store.port';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { AppliedWatch } from './applied-watch';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

interface Reading extends Doc {
  value: number;
}

const READINGS = { name: 'readings' };

/** A read model of `Measured` events whose commits a test can hold back. */
function readings(gate: { open: Promise<void> }): Projection {
  return {
    name: 'readings',
    collections: [READINGS],
    eventTypes: ['Measured'],
    async project(event): Promise<WriteOp[]> {
      await gate.open;
      const { id, value } = event.data as { id: string; value: number };
      const doc: Reading = { id, value };
      return [{ op: 'upsert', collection: READINGS.name, doc }];
    },
  };
}

describe('AppliedWatch: waiting for a projection of this process to apply an event', () => {
  const temp = createTempSqliteFile('applied-watch');
  let db: Database;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  let runner: ProjectionRunner;
  let watch: AppliedWatch;
  let release: () => void = () => undefined;
  const gate = { open: Promise.resolve() };

  const measure = async (id: string, value: number): Promise<number> => {
    const who = { organizationId: 1, actor: 'test' };
    const result = await events.append(
      `reading-${id}`,
      [envelope('Measured', { id, value }, who, new Date().toISOString())],
      'any',
    );
    return result.position;
  };

  beforeAll(async () => {
    db = openDatabase(temp.file);
    events = new SqliteEventStore(db, { pollIntervalMs: 10 });
    store = new SqliteReadStore(db);
    runner = new ProjectionRunner(events, store, [readings(gate)]);
    await runner.start();
    watch = new AppliedWatch(runner, 'readings');
  });

  afterAll(async () => {
    watch.stop();
    await runner.stop();
    await events.close();
    db.close();
    temp.remove();
  });

  it('answers at once for an event already applied', async () => {
    const position = await measure('a', 1);
    await runner.caughtUp();
    await expect(watch.reached(position)).resolves.toBe(true);
  });

  it('resolves once the commit holding the event is made, with the document in the read model', async () => {
    gate.open = new Promise<void>((resolve) => (release = resolve));
    const position = await measure('b', 2);
    let answered = false;
    const waiting = watch.reached(position).then((reached) => {
      answered = true;
      return reached;
    });
    // The subscription has read the event, but the projection cannot apply it yet.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    await expect(waiting).resolves.toBe(true);
    expect(await store.collection<Reading>(READINGS).get('b')).toEqual({ id: 'b', value: 2 });
  });

  it('lets every waiter go with false once stopped', async () => {
    const other = new AppliedWatch(runner, 'readings');
    const head = await events.headPosition();
    const waiting = other.reached(head + 100);
    other.stop();
    await expect(waiting).resolves.toBe(false);
    await expect(other.reached(1)).resolves.toBe(false);
  });
});
