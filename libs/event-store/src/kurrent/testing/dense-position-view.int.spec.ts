import { openDatabase } from '@lorawatch/sqlite/open-database';
import { SqliteEventStore } from '../../embedded/sqlite-event-store';
import { eventStoreContract, type EventStoreFixture } from '../../testing/event-store.contract';
import { DensePositionView, PositionIndex } from './dense-position-view';

/**
 * The KurrentDB contract run goes through DensePositionView; this proves the view itself keeps every
 * contract behaviour, on a real SQLite store (whose positions are already dense, so ranks equal positions).
 */
async function viewOverSqlite(): Promise<EventStoreFixture> {
  const db = openDatabase(':memory:');
  const stores: SqliteEventStore[] = [];
  const reader = new SqliteEventStore(db);
  stores.push(reader);
  const index = new PositionIndex(async (after) =>
    (await reader.readAll({ after })).map((event) => event.position),
  );
  return {
    open: async () => {
      const store = new SqliteEventStore(db, { pollIntervalMs: 20, onError: () => undefined });
      stores.push(store);
      return new DensePositionView(store, index);
    },
    dispose: async () => {
      await Promise.all(stores.map((store) => store.close()));
      db.close();
    },
  };
}

eventStoreContract('SQLite through DensePositionView', viewOverSqlite);

describe('PositionIndex', () => {
  it('numbers sparse real positions 1, 2, 3 and maps both ways', async () => {
    const log = [1200, 3400, 3500, 9000];
    const index = new PositionIndex(async (after) => log.filter((position) => position > after));

    expect(await index.real(0)).toBe(0);
    expect(await index.real(2)).toBe(3400);
    expect(await index.rankOf(9000)).toBe(4);
    expect(index.rank(0)).toBe(0);
    expect(index.rank(1199)).toBe(0);
    expect(index.rank(3400)).toBe(2);
    expect(index.rank(3450)).toBe(2);
    await expect(index.real(5)).rejects.toThrow('No event number 5');
  });

  it('learns events added after its last read', async () => {
    const log = [10, 20];
    const index = new PositionIndex(async (after) => log.filter((position) => position > after));
    expect(await index.rankOf(20)).toBe(2);

    log.push(35);
    expect(await index.rankOf(35)).toBe(3);
    expect(await index.real(3)).toBe(35);
  });
});
