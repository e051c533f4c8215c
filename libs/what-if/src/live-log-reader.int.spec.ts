import type { Heartbeat } from '@lorawatch/packet-log/packet-log.port';
import { heartbeatId } from '@lorawatch/packet-log/packet-log.port';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { LiveLogReader, openLiveReadOnly } from './live-log-reader';

const heartbeat = (dataSourceId: number, at: string): Heartbeat => ({
  kind: 'heartbeat',
  id: heartbeatId(dataSourceId, at),
  organizationId: 1,
  dataSourceId,
  at,
  connected: true,
});

describe('the live packet log read by the what-if', () => {
  it('starts each partition at its first stored record once retention has deleted the older ones', async () => {
    // Given a log of three partitions, the records of the first ten days appended on their day and those of the next
    // ten days later, and retention then deleting everything appended before the eleventh day
    const temp = createTempSqliteFile('live-log-reader');
    const db = openDatabase(temp.file);
    const log = new SqlitePacketLog(db, { partitions: 3 });
    try {
      const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n)).toISOString();
      const entries = Array.from({ length: 20 }, (_none, n) =>
        [1, 2, 3, 4, 5, 6].map((ds) => heartbeat(ds, day(n))),
      ).flat();
      const outcomes = await log.append(entries, {
        timestamps: entries.map((entry) => entry.at),
      });
      expect(await log.prune(day(10))).toBe(60);
      const kept = outcomes
        .map((outcome, index) => ({ ...outcome, entry: entries[index] }))
        .filter(({ entry }) => entry.at >= day(10));
      const expected = new Map<number, number>();
      for (const { partition, offset } of kept)
        expected.set(partition, Math.min(offset, expected.get(partition) ?? Infinity));
      expect(expected.size).toBeGreaterThan(1);
      expect([...expected.values()].every((first) => first > 0)).toBe(true);

      // When the what-if reads it, then each partition holding records starts at its first stored offset
      const live = openLiveReadOnly(temp.file);
      try {
        const reader = new LiveLogReader(live);
        expect(reader.firstOffsets()).toEqual(expected);
        // and reading from there gives the records kept, in offset order: whole for the data sources replayed (1 to
        // 3), the others' only with their data source and date
        for (const [partition, first] of expected) {
          const read = reader.readShare(partition, first, 100, [1, 2, 3]);
          const places = kept.filter((outcome) => outcome.partition === partition);
          expect(read.map((row) => row.offset)).toEqual(places.map((place) => place.offset));
          expect(
            read.map((row) => [row.dataSourceId, row.date, row.record === null ? null : row.record.offset]),
          ).toEqual(
            places.map(({ entry, offset }) =>
              entry.dataSourceId <= 3
                ? [entry.dataSourceId, null, offset]
                : [entry.dataSourceId, entry.at, null],
            ),
          );
        }
      } finally {
        live.close();
      }
    } finally {
      await log.close();
      db.close();
      temp.remove();
    }
  });
});
