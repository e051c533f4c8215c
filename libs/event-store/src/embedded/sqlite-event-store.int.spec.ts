import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import { eventStoreContract, type EventStoreFixture } from '../testing/event-store.contract';
import { DuplicateEventIdError } from '../event-store.port';
import { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite-event-store';

const errors: unknown[] = [];

async function fileFixture(options: SqliteEventStoreOptions = {}): Promise<EventStoreFixture> {
  const temp = createTempSqliteFile('event-store');
  const stores: SqliteEventStore[] = [];
  return {
    open: async () => {
      const store = SqliteEventStore.open(temp.file, {
        pollIntervalMs: 20,
        onError: (e) => errors.push(e),
        ...options,
      });
      stores.push(store);
      return store;
    },
    dispose: async () => {
      await Promise.all(stores.map((store) => store.close()));
      temp.remove();
    },
  };
}

eventStoreContract('SQLite file', () => fileFixture());

describe('SqliteEventStore specifics', () => {
  const metadata: EventMetadata = {
    organizationId: null,
    actor: 'system',
    correlationId: 'c',
    causationId: null,
    occurredAt: '2024-01-01T00:00:00.000Z',
    schemaVersion: 1,
  };
  let db: Database;
  let store: SqliteEventStore;

  beforeEach(() => {
    errors.length = 0;
    db = openDatabase(':memory:');
    store = new SqliteEventStore(db, {
      onError: (e) => errors.push(e),
      now: () => new Date('2024-06-01T12:00:00Z'),
    });
  });

  afterEach(async () => {
    await store.close();
    db.close();
  });

  it('rejects an event id already recorded in another stream', async () => {
    await store.append('a', [{ id: 'x', type: 'T', data: {}, metadata }], 'any');
    const append = store.append('b', [{ id: 'x', type: 'T', data: {}, metadata }], 'any');
    await expect(append).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.headPosition()).toBe(1);
  });

  it('stamps recordedAt with the injected clock', async () => {
    await store.append('a', [{ id: 'x', type: 'T', data: {}, metadata }], 'any');
    expect((await store.readAll())[0].recordedAt).toBe('2024-06-01T12:00:00.000Z');
  });

  it('never records an event earlier than the one before it, when the clock is set back', async () => {
    const clock = { now: new Date('2024-06-01T12:00:00Z') };
    const other = new SqliteEventStore(db, { now: () => clock.now });
    await other.append('a', [{ id: 'x', type: 'T', data: {}, metadata }], 'any');
    clock.now = new Date('2024-06-01T11:00:00Z');
    await other.append('a', [{ id: 'y', type: 'T', data: {}, metadata }], 'any');
    clock.now = new Date('2024-06-01T12:30:00Z');
    await other.append('b', [{ id: 'z', type: 'T', data: {}, metadata }], 'any');

    expect((await other.readAll()).map((event) => [event.id, event.recordedAt])).toEqual([
      ['x', '2024-06-01T12:00:00.000Z'],
      ['y', '2024-06-01T12:00:00.000Z'],
      ['z', '2024-06-01T12:30:00.000Z'],
    ]);
    // "Recorded up to" a time is a prefix of the store: the as-of cut by position and by time agree.
    expect((await other.readAll({ until: '2024-06-01T12:10:00Z' })).map((event) => event.id)).toEqual([
      'x',
      'y',
    ]);
    await other.close();
  });

  it('reports a failing handler to onError', async () => {
    await store.append('a', [{ id: 'x', type: 'T', data: {}, metadata }], 'any');
    const subscription = store.subscribeToAll({ after: 0 }, () => {
      throw new Error('boom');
    });
    await expect(subscription.caughtUp()).rejects.toThrow('boom');
    expect(errors).toEqual([new Error('boom')]);
  });

  it('wakes an idle subscription on an in-process append without waiting for the poll', async () => {
    const slowPoll = new SqliteEventStore(db, { pollIntervalMs: 60_000 });
    const seen: string[] = [];
    const subscription = slowPoll.subscribeToAll({ after: 0 }, (e) => void seen.push(e.id));
    await subscription.caughtUp();
    await new Promise((resolve) => setTimeout(resolve, 20));

    const started = Date.now();
    await slowPoll.append('a', [{ id: 'x', type: 'T', data: {}, metadata }], 'any');
    await subscription.caughtUp();
    expect(seen).toEqual(['x']);
    expect(Date.now() - started).toBeLessThan(5_000);
    await slowPoll.close();
  });

  it('leaves a shared connection open on close', async () => {
    await store.close();
    expect(db.open).toBe(true);
  });
});
