import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { KafkaPacketLog } from '@lorawatch/packet-log/kafka/kafka-packet-log';
import { parseBrokers } from '@lorawatch/packet-log/kafka/kafka-topic';
import { kafkaUnderTest } from '@lorawatch/packet-log/kafka/testing/kafka-under-test';
import { heartbeatId, type LogRecord, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { samplePacket } from '@lorawatch/packet-log/testing/packet-log.contract';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { migrate, type MigrationEngines } from './migrate';

/**
 * Packets and heartbeats copied into a Kafka packet log keep their original append time as the record's timestamp
 * (CreateTime): read back, pruned and retained by when they were first appended, not by the time of the copy.
 * The source is a real SQLite file whose log appended them on given days; the target a real Kafka broker
 * (KAFKA_BROKERS, else the broker of scripts/kafka-broker.sh, else Docker), skipped with the reason when none runs.
 */
const { skipReason } = kafkaUnderTest;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: migrating packets into Kafka: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(120_000);
afterAll(() => kafkaUnderTest.stop());

const PARTITIONS = 2;
/** The days the source appended on: one record a day, the newest still inside any retention. */
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'].map(
  (day) => `${day}T08:15:00.000Z`,
);

/** Every record of a log, partition by partition, as (id, time). */
async function recordsOf(
  log: PacketLog,
): Promise<Array<{ partition: number; id: string; timestamp: string }>> {
  const ends = await log.endOffsets();
  const all: LogRecord[] = [];
  for (const [partition, end] of ends.entries()) all.push(...(await log.read(partition, 0, end)));
  return all.map((record) => ({
    partition: record.partition,
    id: 'packet' in record ? record.packet.id : record.heartbeat.id,
    timestamp: record.timestamp,
  }));
}

describeOrSkip(`migrating packets into Kafka${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let dir: string;
  let kafka: Kafka;
  const databases: Database[] = [];
  const closers: Array<() => Promise<void>> = [];
  const topics: string[] = [];

  beforeAll(async () => {
    kafka = new Kafka({
      clientId: 'lorawatch-migrate-kafka',
      brokers: parseBrokers(await kafkaUnderTest.url()),
      logLevel: logLevel.NOTHING,
    });
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lorawatch-migrate-kafka-'));
  });

  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    for (const db of databases.splice(0)) db.close();
    rmSync(dir, { recursive: true, force: true });
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.deleteTopics({ topics: topics.splice(0) }).catch(() => undefined);
    } finally {
      await admin.disconnect();
    }
  });

  function sqliteSide(name: string, now?: () => Date): MigrationEngines {
    const db = openDatabase(join(dir, `${name}.db`));
    databases.push(db);
    const side: MigrationEngines = {
      events: new SqliteEventStore(db, { pollIntervalMs: 20 }),
      packets: new SqlitePacketLog(db, { partitions: PARTITIONS, ...(now ? { now } : {}) }),
      store: new SqliteReadStore(db),
    };
    closers.push(async () => {
      await side.events.close();
      await side.packets.close();
      await side.store.close();
    });
    return side;
  }

  /** A source whose log appended one packet a day (two devices, so both partitions) and a heartbeat on the last. */
  async function source(): Promise<MigrationEngines> {
    let day = 0;
    const side = sqliteSide('source', () => new Date(DAYS[day]));
    for (; day < DAYS.length - 1; day += 1) {
      const devEui = `70b3d57ed000000${day % 2}`;
      await side.packets.append([samplePacket(`day-${day}`, devEui, { fCount: day })]);
    }
    await side.packets.append([
      {
        kind: 'heartbeat',
        id: heartbeatId(7, DAYS[day]),
        organizationId: 1,
        dataSourceId: 7,
        at: DAYS[day],
        connected: true,
      },
    ]);
    return side;
  }

  async function kafkaTarget(): Promise<MigrationEngines & { packets: KafkaPacketLog }> {
    const topic = `packets-migrated-${randomUUID().slice(0, 8)}`;
    topics.push(topic);
    const packets = await KafkaPacketLog.open({
      kafka,
      topic,
      partitions: PARTITIONS,
      groupPrefix: `${topic}-`,
      onError: () => undefined,
      onRejected: () => undefined,
    });
    const side = sqliteSide('target');
    closers.unshift(() => packets.close());
    return { ...side, packets };
  }

  it('gives each copied record its original append time as its Kafka timestamp', async () => {
    const from = await source();
    const originals = await recordsOf(from.packets);
    expect(originals.map((record) => record.timestamp).sort()).toEqual(DAYS);
    const to = await kafkaTarget();

    const report = await migrate({ from, to, projections: [] });

    expect(report.phases.find((phase) => phase.phase === 'packets')).toMatchObject({
      copied: DAYS.length,
      skipped: 0,
    });
    expect(await recordsOf(to.packets)).toEqual(originals);
    // Kafka's own index by time sees the original times: a prune before the fourth day removes the first three.
    expect(await to.packets.prune(DAYS[3])).toBe(3);
    expect((await recordsOf(to.packets)).map((record) => record.timestamp).sort()).toEqual(DAYS.slice(3));
  });

  it('stamps the time of the copy when told not to keep the recorded times', async () => {
    const from = await source();
    const to = await kafkaTarget();
    const started = Date.now() - 1_000;

    await migrate({ from, to, projections: [], keepRecordedTimes: false });

    const copies = await recordsOf(to.packets);
    expect(copies).toHaveLength(DAYS.length);
    for (const copy of copies) expect(Date.parse(copy.timestamp)).toBeGreaterThanOrEqual(started);
  });
});
