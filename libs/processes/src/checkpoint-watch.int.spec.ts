import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { CheckpointWatch } from './checkpoint-watch';
import { leastPosition, PROJECTOR_POSITION, recordProjectorPosition } from './projector-progress';

/** Two connections to one SQLite file stand for two processes: one writes checkpoints, the other watches. */
describe('watching the checkpoints another process writes', () => {
  let dir: string;
  let writerDb: Database;
  let watcherDb: Database;
  let writer: SqliteReadStore;
  let watch: CheckpointWatch;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lorawatch-watch-'));
    writerDb = openDatabase(join(dir, 'shared.db'));
    watcherDb = openDatabase(join(dir, 'shared.db'));
    writer = new SqliteReadStore(writerDb);
    watch = new CheckpointWatch(new SqliteReadStore(watcherDb), 10);
  });
  afterEach(() => {
    watch.stop();
    writerDb.close();
    watcherDb.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hears a commit of the other connection at once, long before its polling interval', async () => {
    const slow = new CheckpointWatch(new SqliteReadStore(openDatabase(join(dir, 'shared.db'))), 60_000);
    try {
      const started = Date.now();
      const waiting = slow.reached('alerts', 3);
      // Let the first look happen, so that the watch is waiting on the signal when the commit comes.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await writer.commit([], { name: 'alerts', position: 3 });
      await waiting;
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      slow.stop();
    }
  });

  it('resolves a wait once the checkpoint reaches the position, not before', async () => {
    let reached = false;
    const waiting = watch.reached('alerts', 5).then(() => (reached = true));
    await writer.commit([], { name: 'alerts', position: 4 });
    await watch.poll();
    expect(reached).toBe(false);
    await writer.commit([], { name: 'alerts', position: 9 });
    await waiting;
    expect(reached).toBe(true);
    // Known to be past it: answered without waiting for a poll.
    await watch.reached('alerts', 9);
  });

  it('tells listeners when one of their checkpoints moves, and only then', async () => {
    const changes: string[] = [];
    const stop = watch.onChange(['policies', 'data_sources'], () => changes.push('policies or sources'));
    await watch.poll();
    await watch.poll();
    expect(changes).toEqual([]);
    await writer.commit([], { name: 'data_sources', position: 3 });
    await watch.poll();
    expect(changes).toEqual(['policies or sources']);
    await writer.commit([], { name: 'alerts', position: 3 });
    await watch.poll();
    expect(changes).toHaveLength(1);
    stop();
    await writer.commit([], { name: 'policies', position: 8 });
    await watch.poll();
    expect(changes).toHaveLength(1);
  });

  it('lets waiters go when it stops, so that a shutdown never hangs on a projector that is gone', async () => {
    const waiting = watch.reached('alerts', 1_000);
    watch.stop();
    await expect(waiting).resolves.toBeUndefined();
  });

  it('records the least position of the projections as the projector position', async () => {
    expect(leastPosition({})).toBe(0);
    expect(leastPosition({ alerts: 12, accounts: 40, issues: 12 })).toBe(12);
    let positions = { alerts: 3, accounts: 5 };
    const stop = recordProjectorPosition(writer, () => positions, 10);
    await watch.reached(PROJECTOR_POSITION, 3);
    positions = { alerts: 20, accounts: 21 };
    await watch.reached(PROJECTOR_POSITION, 20);
    positions = { alerts: 30, accounts: 30 };
    await stop();
    // The last position is written on the way out.
    expect(await writer.checkpoint(PROJECTOR_POSITION)).toBe(30);
  });
});
