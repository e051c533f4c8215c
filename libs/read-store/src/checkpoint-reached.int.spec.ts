import { openDatabase } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { checkpointReached } from './checkpoint-reached';
import { SqliteReadStore } from './embedded/sqlite-read-store';

describe('waiting for a read model to reach a position', () => {
  const temp = createTempSqliteFile('checkpoint-reached');
  afterAll(() => temp.remove());

  it('reads the checkpoint again when the store commits, not on a timer', async () => {
    const db = openDatabase(temp.file);
    const store = new SqliteReadStore(db);
    await store.commit([], { name: 'alerts', position: 1 });
    const reads = jest.spyOn(store, 'checkpoint');
    // Given a waiter for position 3 while nothing is committed for 450 ms
    const reached = checkpointReached(store, 'alerts', 3, () => false);
    await new Promise((resolve) => setTimeout(resolve, 450));
    // Then it read the checkpoint at most once per bounded wait (a 20 ms poll would have read it 20 times)
    expect(reads.mock.calls.length).toBeLessThanOrEqual(4);
    // When position 2 and then 3 are committed, it resolves
    await store.commit([], { name: 'alerts', position: 2, expected: 1 });
    await store.commit([], { name: 'alerts', position: 3, expected: 2 });
    await expect(reached).resolves.toBe(true);
    await store.close();
    db.close();
  });

  it('gives up when told to stop', async () => {
    const db = openDatabase(temp.file);
    const store = new SqliteReadStore(db);
    let stopping = false;
    const reached = checkpointReached(store, 'never', 10, () => stopping);
    stopping = true;
    await expect(reached).resolves.toBe(false);
    await store.close();
    db.close();
  });
});
