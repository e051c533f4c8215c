import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { SqliteEventStore } from '../embedded/sqlite-event-store';
import type { NewEvent, RecordedEvent } from '../event-store.port';
import { eventStoreContract, type EventStoreFixture } from '../testing/event-store.contract';
import { UnknownSchemaVersionError, UpcasterRegistry } from './upcaster-registry';
import { UpcastingEventStore } from './upcasting-event-store';

/** Types local to this spec: a counter that was renamed field by field over two releases. */
function registry(): UpcasterRegistry {
  return new UpcasterRegistry().register('CounterMoved', {
    currentVersion: 3,
    steps: {
      1: (data) => ({ value: (data as { n: number }).n }),
      2: (data) => ({ ...(data as { value: number }), source: 'legacy' }),
    },
  });
}

async function fixture(): Promise<EventStoreFixture> {
  const temp = createTempSqliteFile('upcasting-event-store');
  const stores: SqliteEventStore[] = [];
  return {
    open: async () => {
      const store = SqliteEventStore.open(temp.file, { pollIntervalMs: 20, onError: () => undefined });
      stores.push(store);
      return new UpcastingEventStore(store, registry());
    },
    dispose: async () => {
      await Promise.all(stores.map((store) => store.close()));
      temp.remove();
    },
  };
}

// The decorator keeps every promise of the port (its registry knows none of the contract's types).
eventStoreContract('UpcastingEventStore over SQLite', fixture);

describe('UpcastingEventStore', () => {
  let db: Database;
  let raw: SqliteEventStore;
  let store: UpcastingEventStore;
  const errors: unknown[] = [];

  function counterMoved(id: string, data: unknown, schemaVersion: number): NewEvent {
    const metadata: EventMetadata = {
      organizationId: 1,
      actor: 'system',
      correlationId: id,
      causationId: null,
      occurredAt: '2024-05-01T10:00:00.000Z',
      schemaVersion,
    };
    return { id, type: 'CounterMoved', data, metadata };
  }

  const shapes = (events: RecordedEvent[]) =>
    events.map((event) => [event.id, event.metadata.schemaVersion, event.data]);

  beforeEach(async () => {
    errors.length = 0;
    db = openDatabase(':memory:');
    raw = new SqliteEventStore(db, { pollIntervalMs: 20, onError: (error) => errors.push(error) });
    store = new UpcastingEventStore(raw, registry());
    await store.append(
      'counter-1',
      [
        counterMoved('v1', { n: 1 }, 1),
        counterMoved('v2', { value: 2 }, 2),
        counterMoved('v3', { value: 3, source: 'api' }, 3),
      ],
      'no_stream',
    );
  });

  afterEach(async () => {
    await store.close();
    db.close();
  });

  const current = [
    ['v1', 3, { value: 1, source: 'legacy' }],
    ['v2', 3, { value: 2, source: 'legacy' }],
    ['v3', 3, { value: 3, source: 'api' }],
  ];

  it('stores what it is given, in the version it was written', async () => {
    expect(shapes(await raw.readStream('counter-1'))).toEqual([
      ['v1', 1, { n: 1 }],
      ['v2', 2, { value: 2 }],
      ['v3', 3, { value: 3, source: 'api' }],
    ]);
  });

  it('upcasts what readStream and readAll return', async () => {
    expect(shapes(await store.readStream('counter-1'))).toEqual(current);
    expect(shapes(await store.readStream('counter-1', { fromRevision: 1, maxCount: 1 }))).toEqual([
      current[1],
    ]);
    expect(shapes(await store.readAll({ after: 0 }))).toEqual(current);
  });

  it('upcasts what a subscription delivers, type filter included', async () => {
    await store.append('other', [{ ...counterMoved('x', {}, 1), type: 'SomethingElse' }], 'no_stream');
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ after: 0, types: ['CounterMoved'] }, (event) => {
      seen.push(event);
    });
    await subscription.caughtUp();
    await store.append('counter-1', [counterMoved('v1-late', { n: 9 }, 1)], 2);
    await subscription.caughtUp();

    expect(shapes(seen)).toEqual([...current, ['v1-late', 3, { value: 9, source: 'legacy' }]]);
    expect(subscription.position).toBe(5);
    await subscription.stop();
  });

  it('refuses to read an event newer than it knows, and stops a subscription before it', async () => {
    await store.append('counter-1', [counterMoved('v4', { value: 4, unit: 'kWh' }, 4)], 2);

    await expect(store.readStream('counter-1')).rejects.toBeInstanceOf(UnknownSchemaVersionError);
    await expect(store.readAll()).rejects.toThrow(
      'has schema version 4, but this build knows versions up to 3',
    );

    const seen: string[] = [];
    const subscription = store.subscribeToAll({ after: 0 }, (event) => void seen.push(event.id));
    await expect(subscription.caughtUp()).rejects.toBeInstanceOf(UnknownSchemaVersionError);
    expect(seen).toEqual(['v1', 'v2', 'v3']);
    expect(subscription.position).toBe(3);
    expect(errors).toEqual([expect.any(UnknownSchemaVersionError)]);
    await subscription.stop();
  });
});
