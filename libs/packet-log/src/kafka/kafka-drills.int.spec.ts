import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { packetKey, type Packet } from '@lorawatch/domain/packet';
import { isPacketRecord, type LogRecord } from '../packet-log.port';
import { deleteTestTopic, pollUntil } from '../testing/log-drills';
import { samplePacket } from '../testing/packet-log.contract';
import { whileLeaderMoves } from './kafka-admin';
import { KafkaPacketLog } from './kafka-packet-log';
import { parseBrokers } from './kafka-topic';
import { kafkaUnderTest } from './testing/kafka-under-test';

/**
 * Failure drills against a real Kafka (KAFKA_BROKERS, else the broker of scripts/kafka-broker.sh, else Docker).
 *
 * A read larger than one fetch and across segment rolls: a fetch returns at most 1 MiB of a partition and never
 * crosses a log segment, so reading back records that a busy partition gathered (a collector restarted, a lease
 * taken over, a migration resumed) takes many fetches. The topic here has 128 KiB segments and ~2 KB records:
 * every 1,000-record chunk the de-duplication index catches up with spans some 16 segments.
 */
const { skipReason } = kafkaUnderTest;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: Kafka drills: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(180_000);
afterAll(() => kafkaUnderTest.stop());

const SEGMENT_BYTES = 128 * 1024;
const RECORDS = 2_500;
/** Records per append: one producer batch per partition must fit in one segment. */
const PER_APPEND = 40;
const DEVICE = '70b3d57ed0000001';
/** A LoRaWAN payload is small; a big one stands for a busy partition's bytes. */
const BIG_DATA = 'A'.repeat(1_800);

const packetId = (n: number): string => `big-${String(n).padStart(5, '0')}`;
const bigPacket = (n: number) => samplePacket(packetId(n), DEVICE, { data: BIG_DATA, fCount: n });

describeOrSkip(
  `Kafka drill: a read larger than one fetch and across segment rolls${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let kafka: Kafka;
    const run = randomUUID().slice(0, 8);
    const topic = `packets-drill-${run}`;
    const groupPrefix = `drill-${run}-`;
    const logs: KafkaPacketLog[] = [];
    let partition: number;
    let bytesWritten = 0;

    // A short read timeout: a read that re-fetches the same batch (F1) fails in seconds, not after 30 s.
    const open = async (): Promise<KafkaPacketLog> => {
      const log = await KafkaPacketLog.open({
        kafka,
        topic,
        partitions: 2,
        groupPrefix,
        pollIntervalMs: 50,
        readTimeoutMs: 10_000,
        onError: () => undefined,
        onRejected: () => undefined,
      });
      logs.push(log);
      return log;
    };

    beforeAll(async () => {
      kafka = new Kafka({
        clientId: 'lorawatch-drill',
        brokers: parseBrokers(await kafkaUnderTest.url()),
        logLevel: logLevel.NOTHING,
      });
      // The topic exists before the log opens it, with small segments (the log keeps an existing topic's config).
      const admin = kafka.admin();
      await admin.connect();
      try {
        await admin.createTopics({
          topics: [
            {
              topic,
              numPartitions: 2,
              configEntries: [
                { name: 'cleanup.policy', value: 'delete' },
                { name: 'segment.bytes', value: String(SEGMENT_BYTES) },
              ],
            },
          ],
        });
        await whileLeaderMoves(() => admin.fetchTopicOffsets(topic));
      } finally {
        await admin.disconnect();
      }

      const writer = await open();
      partition = writer.partitionFor(packetKey(bigPacket(0)));
      for (let start = 0; start < RECORDS; start += PER_APPEND) {
        const packets = Array.from({ length: Math.min(PER_APPEND, RECORDS - start) }, (_, i) =>
          bigPacket(start + i),
        );
        const outcomes = await writer.append(packets);
        expect(outcomes.every((outcome) => outcome.appended && outcome.partition === partition)).toBe(true);
        bytesWritten += packets.reduce((sum, packet) => sum + JSON.stringify(packet).length, 0);
      }
      await writer.close();
    });

    afterAll(async () => {
      if (!kafka) return;
      await Promise.all(logs.map((log) => log.close()));
      const admin = kafka.admin();
      await admin.connect();
      try {
        const groups = (await admin.listGroups()).groups
          .map((group) => group.groupId)
          .filter((groupId) => groupId.startsWith(groupPrefix));
        if (groups.length > 0) await admin.deleteGroups(groups).catch(() => undefined);
        await admin.deleteTopics({ topics: [topic] });
      } finally {
        await admin.disconnect();
      }
    });

    it('writes far more than one fetch and one segment to the partition', async () => {
      const log = await open();
      expect((await log.endOffsets())[partition]).toBe(RECORDS);
      // A segment never holds more than segment.bytes: the values alone fill over 30 of them.
      expect(bytesWritten).toBeGreaterThan(30 * SEGMENT_BYTES);
      expect(bytesWritten).toBeGreaterThan(4 * 1024 * 1024);
    });

    it('a restarted writer catches up on the whole partition before its first append, then appends', async () => {
      // A fresh connection has an empty de-duplication index: its first append reads all 2,500 records back
      // (three 1,000-record reads of ~2 MB each, every one spanning many fetches and segments).
      const restarted = await open();
      const started = Date.now();
      const outcomes = await restarted.append([bigPacket(17), bigPacket(RECORDS)]);
      expect(outcomes).toEqual([
        { appended: false, partition, offset: 17 },
        { appended: true, partition, offset: RECORDS },
      ]);
      // Well within one read's timeout: no read fetched the same batch twice until it gave up.
      expect(Date.now() - started).toBeLessThan(10_000);
      // The copy of an old packet near the end of the window is found too, without another read.
      expect(await restarted.append([bigPacket(RECORDS - 3)])).toEqual([
        { appended: false, partition, offset: RECORDS - 3 },
      ]);
    });

    it('reads a range larger than one fetch in order, from the middle of a segment', async () => {
      const log = await open();
      const records = await log.read(partition, 1_234, 1_200);
      expect(records).toHaveLength(1_200);
      expect(records.map((record) => record.offset)).toEqual(
        Array.from({ length: 1_200 }, (_, i) => 1_234 + i),
      );
      expect(records.map((record) => (isPacketRecord(record) ? record.packet.id : 'heartbeat'))).toEqual(
        Array.from({ length: 1_200 }, (_, i) => packetId(1_234 + i)),
      );
    });

    it('a consumer group gets every record once, in order, across the segments', async () => {
      const log = await open();
      const received: LogRecord[] = [];
      const consumer = log.consume({ group: 'detectors', maxBatch: 500 }, async (batch) => {
        received.push(...batch);
      });
      await consumer.drained();
      await consumer.stop();
      const end = (await log.endOffsets())[partition];
      const offsets = received.filter((record) => record.partition === partition).map((r) => r.offset);
      expect(offsets).toEqual(Array.from({ length: end }, (_, i) => i));
      expect((await log.committedOffsets('detectors'))[partition]).toBe(end);
    });
  },
);

/**
 * Partitions grown while a consumer runs: a newer deployment opens the log with more partitions (the topic grows),
 * while a member opened with the old count keeps running. The group's leader deals the topic's partitions (from
 * the broker's metadata), not the count it was opened with, so the new partitions are read too.
 */
describeOrSkip(
  `Kafka drill: partitions grown while a consumer runs${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let kafka: Kafka;
    const run = randomUUID().slice(0, 8);
    const topic = `packets-grow-${run}`;
    const groupPrefix = `grow-${run}-`;
    const logs: KafkaPacketLog[] = [];

    const open = async (partitions: number): Promise<KafkaPacketLog> => {
      const log = await KafkaPacketLog.open({
        kafka,
        topic,
        partitions,
        groupPrefix,
        pollIntervalMs: 50,
        metadataMaxAgeMs: 500,
        onError: () => undefined,
        onRejected: () => undefined,
      });
      logs.push(log);
      return log;
    };

    beforeAll(async () => {
      kafka = new Kafka({
        clientId: 'lorawatch-drill-grow',
        brokers: parseBrokers(await kafkaUnderTest.url()),
        logLevel: logLevel.NOTHING,
      });
    });

    afterAll(async () => {
      await Promise.all(logs.map((log) => log.close()));
      await deleteTestTopic(kafka, topic);
    });

    it('the running member is dealt the new partitions and reads their records', async () => {
      const old = await open(2);
      const received = new Map<string, number>();
      const consumer = old.consume({ group: 'detectors' }, async (batch) => {
        for (const record of batch)
          if (isPacketRecord(record)) received.set(record.packet.id, record.partition);
      });
      await old.append([
        samplePacket('before-0', '70b3d57ed0000010'),
        samplePacket('before-1', '70b3d57ed0000011'),
      ]);
      await pollUntil(async () => ({ value: received.size >= 2 ? true : null, seen: `${received.size}` }), {
        timeoutMs: 20_000,
        what: 'the member to read the first two packets',
      });
      expect(received.size).toBe(2);

      const grown = await open(4);
      // Packets the grown log places on the new partitions 2 and 3.
      const onNew: Packet[] = [];
      for (let n = 0; onNew.length < 6 && n < 500; n += 1) {
        const packet = samplePacket(`after-${n}`, `70b3d57ed1${String(n).padStart(6, '0')}`);
        if (grown.partitionFor(packetKey(packet)) >= 2) onNew.push(packet);
      }
      const outcomes = await grown.append(onNew);
      const newPartitions = new Set(outcomes.map((outcome) => outcome.partition));
      expect([...newPartitions].sort()).toEqual([2, 3]);

      await pollUntil(
        async () => {
          const unread = onNew.filter((packet) => !received.has(packet.id)).length;
          return { value: unread === 0 ? true : null, seen: `${unread} unread` };
        },
        { timeoutMs: 20_000, what: 'the member to read the packets of the new partitions' },
      );
      expect(onNew.map((packet) => received.get(packet.id))).toEqual(
        outcomes.map((outcome) => outcome.partition),
      );
      expect((consumer as { assignedPartitions(): number[] }).assignedPartitions()).toEqual([0, 1, 2, 3]);
      await consumer.stop();
    });
  },
);
