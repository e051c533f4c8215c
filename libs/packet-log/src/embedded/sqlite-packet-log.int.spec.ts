import type { Packet } from '@lorawatch/domain/packet';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { packetLogContract, samplePacket, type PacketLogFixture } from '../testing/packet-log.contract';
import { SqlitePacketLog } from './sqlite-packet-log';

async function fileFixture(): Promise<PacketLogFixture> {
  const temp = createTempSqliteFile('packet-log');
  const logs: SqlitePacketLog[] = [];
  return {
    open: async () => {
      const log = SqlitePacketLog.open(temp.file, {
        partitions: 4,
        pollIntervalMs: 20,
        onError: () => undefined,
      });
      logs.push(log);
      return log;
    },
    dispose: async () => {
      await Promise.all(logs.map((log) => log.close()));
      temp.remove();
    },
  };
}

packetLogContract('SQLite file', fileFixture);

describe('SqlitePacketLog specifics', () => {
  let db: Database;

  beforeEach(() => {
    db = openDatabase(':memory:');
  });

  afterEach(() => {
    db.close();
  });

  it('applies retentionDays while appending', async () => {
    let now = new Date('2024-05-01T00:00:00Z');
    const log = new SqlitePacketLog(db, { retentionDays: 30, now: () => now });
    await log.append([samplePacket('old', '70b3d57ed0000001')]);

    now = new Date('2024-05-31T00:00:01Z');
    await log.append([samplePacket('new', '70b3d57ed0000001')]);

    expect(await log.getById('old')).toBeNull();
    expect(await log.getById('new')).not.toBeNull();
    await log.close();
  });

  it('writes a batch all or nothing: a packet that cannot be stored rolls the whole batch back', async () => {
    const log = new SqlitePacketLog(db);
    // A value JSON cannot encode makes the insert of that packet throw inside the transaction.
    const unstorable = { ...samplePacket('bad', '70b3d57ed0000002'), rssi: BigInt(1) } as unknown as Packet;

    await expect(log.append([samplePacket('good', '70b3d57ed0000001'), unstorable])).rejects.toThrow(
      /BigInt/,
    );
    expect(await log.getById('good')).toBeNull();
    expect(await log.endOffsets()).toEqual([0, 0, 0, 0]);

    await log.append([samplePacket('good', '70b3d57ed0000001')]);
    expect(await log.getById('good')).not.toBeNull();
    await log.close();
  });

  it('refuses to open with fewer partitions than the file has', async () => {
    await new SqlitePacketLog(db, { partitions: 8 }).close();
    expect(() => new SqlitePacketLog(db, { partitions: 4 })).toThrow('has 8 partitions');
  });

  it('reports a failing handler to onError and keeps a shared connection open on close', async () => {
    const errors: unknown[] = [];
    const log = new SqlitePacketLog(db, { onError: (error) => errors.push(error) });
    await log.append([samplePacket('p', '70b3d57ed0000001')]);
    const consumer = log.consume({ group: 'g' }, async () => {
      throw new Error('boom');
    });

    await expect(consumer.drained()).rejects.toThrow('boom');
    expect(errors).toEqual([new Error('boom')]);
    await log.close();
    expect(db.open).toBe(true);
  });

  it('keeps an offset committed by the handler itself', async () => {
    const log = new SqlitePacketLog(db, { partitions: 1 });
    await log.append([1, 2, 3].map((n) => samplePacket(`p${n}`, '70b3d57ed0000001')));
    const batches: number[][] = [];
    const consumer = log.consume({ group: 'g', maxBatch: 2 }, async (batch) => {
      batches.push(batch.map((record) => record.offset));
      // A projection storing its offset with its own write may mark more as done than the batch it was given.
      await log.commit('g', 0, 3);
    });

    await consumer.drained();
    expect(batches).toEqual([[0, 1]]);
    expect(await log.committedOffsets('g')).toEqual([3]);
    await log.close();
  });
});
