import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { envelope } from '@lorawatch/platform/aggregate';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import type { Doc, WriteOp } from '@lorawatch/read-store/read-store.port';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

interface Reading extends Doc {
  value: number;
  shape: string;
}

const READINGS = { name: 'readings' };

/** A read model of `Measured` events; `shape` tells which version of the projection wrote a document. */
function readings(version: number | undefined): Projection {
  return {
    name: 'readings',
    collections: [READINGS],
    eventTypes: ['Measured'],
    ...(version === undefined ? {} : { version }),
    project(event): WriteOp[] {
      const { id, value } = event.data as { id: string; value: number };
      const doc: Reading = { id, value, shape: `v${version ?? 1}` };
      return [{ op: 'upsert', collection: READINGS.name, doc }];
    },
  };
}

describe('projection versions', () => {
  const temp = createTempSqliteFile('projection-versions');
  let db: Database;
  let events: SqliteEventStore;
  let store: SqliteReadStore;

  beforeAll(async () => {
    db = openDatabase(temp.file);
    events = new SqliteEventStore(db, { pollIntervalMs: 20 });
    store = new SqliteReadStore(db);
    const who = { organizationId: 1, actor: 'test' };
    for (const [id, value] of [
      ['a', 1],
      ['b', 2],
    ] as const) {
      await events.append(
        `reading-${id}`,
        [envelope('Measured', { id, value }, who, new Date().toISOString())],
        'no_stream',
      );
    }
  });

  afterAll(async () => {
    await events.close();
    db.close();
    temp.remove();
  });

  async function run(projection: Projection): Promise<Reading[]> {
    const runner = new ProjectionRunner(events, store, [projection]);
    await runner.start();
    await runner.caughtUp();
    await runner.stop();
    return store.collection<Reading>(READINGS).find({}, { sort: [['id', 'asc']] });
  }

  it('rebuilds a read model from the first event when its projection version rises, and only then', async () => {
    // A read model built before versions existed counts as version 1.
    expect((await run(readings(undefined))).map((doc) => doc.shape)).toEqual(['v1', 'v1']);
    await store.collection<Reading>(READINGS).upsert({ id: 'stray', value: 0, shape: 'manual' });

    // Same version: kept as it is, the stray document included.
    expect((await run(readings(1))).map((doc) => doc.id)).toEqual(['a', 'b', 'stray']);

    // Version 2: dropped and rebuilt by the new projection from the whole history.
    expect(await run(readings(2))).toEqual([
      { id: 'a', value: 1, shape: 'v2' },
      { id: 'b', value: 2, shape: 'v2' },
    ]);
    await store.collection<Reading>(READINGS).upsert({ id: 'stray', value: 0, shape: 'manual' });
    expect((await run(readings(2))).map((doc) => doc.id)).toEqual(['a', 'b', 'stray']);
  });
});

describe('checkpoints of projections whose events are rare', () => {
  const temp = createTempSqliteFile('projection-skip');
  let db: Database;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  const who = { organizationId: 1, actor: 'test' };

  beforeAll(async () => {
    db = openDatabase(temp.file);
    events = new SqliteEventStore(db, { pollIntervalMs: 20 });
    store = new SqliteReadStore(db);
    await events.append(
      'reading-a',
      [envelope('Measured', { id: 'a', value: 1 }, who, new Date(0).toISOString())],
      'no_stream',
    );
    // Many events of other types after the last one the projection reads.
    const others = Array.from({ length: 1500 }, (_, n) =>
      envelope('Heard', { n }, who, new Date(0).toISOString()),
    );
    await events.append('noise', others, 'no_stream');
  });

  afterAll(async () => {
    await events.close();
    db.close();
    temp.remove();
  });

  it('records how far the projection has read, so the next start does not read past the same events again', async () => {
    const head = (await events.readAll()).at(-1)!.position;
    const runner = new ProjectionRunner(events, store, [readings(1)]);
    await runner.start();
    await runner.caughtUp();
    // 1,500 events past its last one: a wait for the projection records where it is.
    expect(await store.checkpoint('readings')).toBe(head);

    await events.append('noise', [envelope('Heard', { n: -1 }, who, new Date(0).toISOString())], 'any');
    await runner.caughtUp();
    // One event more is not worth a write while running...
    expect(await store.checkpoint('readings')).toBe(head);
    await runner.stop();
    // ...but a stop records it.
    expect(await store.checkpoint('readings')).toBe(head + 1);

    // The read model is what it was, and a new start resumes from there.
    const again = new ProjectionRunner(events, store, [readings(1)]);
    await again.start();
    await again.caughtUp();
    await again.stop();
    expect(await store.collection<Reading>(READINGS).find({})).toEqual([{ id: 'a', value: 1, shape: 'v1' }]);
  });
});
