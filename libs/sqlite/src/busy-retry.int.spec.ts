import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import type { LogRecord } from '@lorawatch/packet-log/packet-log.port';
import { samplePacket } from '@lorawatch/packet-log/testing/packet-log.contract';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { isBusy, retryWhileBusy } from './busy-retry';
import { openDatabase } from './open-database';
import { createTempSqliteFile } from './testing/temp-sqlite-file';

describe('writes that meet a held write lock', () => {
  const temp = createTempSqliteFile('busy-retry');
  afterAll(() => temp.remove());

  it('commit once the other connection lets go of the lock, instead of failing', async () => {
    const holder = openDatabase(temp.file);
    const writer = openDatabase(temp.file);
    // Give up on the lock quickly, so the wait is the retry's, not SQLite's own.
    writer.pragma('busy_timeout = 20');
    const store = new SqliteReadStore(writer);
    store.collection({ name: 'things' });
    holder.prepare('BEGIN IMMEDIATE').run();
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        holder.prepare('COMMIT').run();
        resolve();
      }, 300),
    );
    // The plain write fails at once while the lock is held...
    expect(() => writer.prepare('BEGIN IMMEDIATE').run()).toThrow(/locked|busy/i);
    // ...the store's commit waits for it.
    const committing = store.commit([{ op: 'upsert', collection: 'things', doc: { id: 'a' } }], {
      name: 'things',
      position: 1,
    });
    await released;
    await committing;
    expect(await store.checkpoint('things')).toBe(1);
    expect(await store.collection({ name: 'things' }).get('a')).toEqual({ id: 'a' });
    await store.close();
    writer.close();
    holder.close();
  });

  it('give up after the last pause and leave other errors alone', async () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    let calls = 0;
    await expect(
      retryWhileBusy(
        () => {
          calls++;
          throw busy;
        },
        { pausesMs: [1, 1] },
      ),
    ).rejects.toBe(busy);
    expect(calls).toBe(3);
    const retries: number[] = [];
    calls = 0;
    const value = await retryWhileBusy(
      () => {
        if (++calls < 3) throw busy;
        return 'written';
      },
      { pausesMs: [1, 1, 1], onRetry: (_error, attempt) => retries.push(attempt) },
    );
    expect([value, retries]).toEqual(['written', [1, 2]]);
    const other = Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT' });
    await expect(
      retryWhileBusy(() => {
        throw other;
      }),
    ).rejects.toBe(other);
    expect(isBusy(other)).toBe(false);
    expect(isBusy({ code: 'SQLITE_BUSY_SNAPSHOT' })).toBe(true);
  });

  it('a consumer whose handler met a busy file reads the batch again instead of stopping', async () => {
    const db = openDatabase(temp.file);
    const errors: unknown[] = [];
    const log = new SqlitePacketLog(db, { partitions: 1, onError: (error) => errors.push(error) });
    await log.append([samplePacket('one', '70b3d57ed0000001'), samplePacket('two', '70b3d57ed0000001')]);
    const seen: number[] = [];
    let failedOnce = false;
    const consumer = log.consume({ group: 'busy-test' }, async (batch: LogRecord[]) => {
      if (!failedOnce) {
        failedOnce = true;
        throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      }
      seen.push(...batch.map((record) => record.offset));
    });
    await consumer.drained();
    await consumer.stop();
    expect(failedOnce).toBe(true);
    expect(seen).toEqual([0, 1]);
    expect(errors).toEqual([]);
    await log.close();
    db.close();
  });
});
