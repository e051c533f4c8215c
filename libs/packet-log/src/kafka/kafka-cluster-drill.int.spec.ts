import { Kafka, logLevel } from 'kafkajs';
import type { Packet } from '@lorawatch/domain/packet';
import { GroupAppender } from '../group-appender';
import { isPacketRecord, type AppendOutcome } from '../packet-log.port';
import { capturingLogger } from '../testing/capturing-logger';
import { doubledIds, packetPlaces } from '../testing/log-drills';
import { samplePacket } from '../testing/packet-log.contract';
import { KafkaPacketLog } from './kafka-packet-log';
import { parseBrokers } from './kafka-topic';
import { localKafka, startLocalKafka, type LocalKafka } from './testing/local-kafka';

/**
 * Drill: one broker of three stops under load. It needs a cluster it can take a node of, so it starts its own
 * (`scripts/kafka-broker.sh start --cluster 3`, from the jars of `fetch`), never the shared KAFKA_BROKERS one.
 *
 * The packet log's topic gets 3 copies and min.insync.replicas 2 on three brokers: an append (acks=-1) is stored on
 * two brokers at least before it is acknowledged. A collector appends a packet every few milliseconds and delivers
 * again what failed (as the MQTT broker redelivers what was not acknowledged) while a consumer group reads along.
 * The broker leading a partition stops: its partitions get new leaders among the two left, which still make the
 * two in-sync copies an append needs, and in the end every packet is in the log exactly once, where its
 * acknowledgement said, and the group has read every one.
 */
const local = localKafka();
const skipReason = local.ok ? null : `no local Kafka cluster can start here (${local.reason})`;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: Kafka cluster drill: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(180_000);

const DEVICES = Array.from({ length: 12 }, (_, i) => `70b3d57ed00000${String(i).padStart(2, '0')}`);
const packetNumber = (n: number): Packet =>
  samplePacket(`cluster-${String(n).padStart(5, '0')}`, DEVICES[n % DEVICES.length], { fCount: n });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request per packet through a GroupAppender, acknowledged once stored, delivered again when it failed. */
class Collector {
  readonly acknowledged = new Map<string, AppendOutcome>();
  readonly redeliver: Packet[] = [];
  failures = 0;
  /** The distinct reasons appends failed. */
  readonly errors = new Set<string>();
  private next = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly appender: GroupAppender;

  constructor(log: KafkaPacketLog) {
    this.appender = new GroupAppender(log);
  }

  get sent(): number {
    return this.next;
  }

  deliver(): void {
    const packet = this.redeliver.shift() ?? packetNumber(this.next++);
    const done = this.appender.append([packet]).then(
      ([outcome]) => void this.acknowledged.set(packet.id, outcome),
      (error: unknown) => {
        this.errors.add(String(error));
        this.failures += 1;
        this.redeliver.push(packet);
      },
    );
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
  }

  async loadFor(ms: number, everyMs: number): Promise<void> {
    const timer = setInterval(() => this.deliver(), everyMs);
    await sleep(ms);
    clearInterval(timer);
    await this.settled();
  }

  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}

describeOrSkip(
  `Kafka drill: one broker of three stopped under load${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cluster: LocalKafka;
    let kafka: Kafka;
    let log: KafkaPacketLog;

    beforeAll(async () => {
      cluster = await startLocalKafka({ nodes: 3 });
      kafka = new Kafka({
        clientId: 'lorawatch-cluster-drill',
        brokers: parseBrokers(cluster.url),
        logLevel: logLevel.NOTHING,
        connectionTimeout: 1_000,
        requestTimeout: 10_000,
      });
      log = await KafkaPacketLog.open({
        kafka,
        topic: 'packets-cluster',
        partitions: 3,
        pollIntervalMs: 50,
        sessionTimeoutMs: 6_000,
        readTimeoutMs: 10_000,
        appendTimeoutMs: 10_000,
        onError: () => undefined,
        onRejected: () => undefined,
      });
    });

    afterAll(async () => {
      await log?.close();
      await cluster?.stop();
    });

    it('chooses the replication from the three brokers it sees, and warns when fewer are there than configured', async () => {
      const open = async (topic: string, replicationFactor?: number) => {
        const logger = capturingLogger();
        const opened = await KafkaPacketLog.open({
          kafka,
          topic,
          partitions: 2,
          ...(replicationFactor === undefined ? {} : { replicationFactor }),
          logger,
          onError: () => undefined,
        });
        try {
          return {
            replication: await opened.describeReplication(),
            warnings: logger.lines.filter((line) => line.level === 'warn').map((line) => line.text),
          };
        } finally {
          await opened.close();
        }
      };

      // Left to the cluster: min(3, brokers) copies, two in sync.
      expect(await open('packets-cluster-default')).toEqual({
        replication: { replicationFactor: 3, minInsyncReplicas: 2 },
        warnings: [],
      });
      // Configured within the brokers: taken as it is.
      expect(await open('packets-cluster-two', 2)).toEqual({
        replication: { replicationFactor: 2, minInsyncReplicas: 1 },
        warnings: [],
      });
      // Configured above them: one copy per broker, and a warning naming both.
      const five = await open('packets-cluster-five', 5);
      expect(five.replication).toEqual({ replicationFactor: 3, minInsyncReplicas: 2 });
      expect(five.warnings).toEqual([
        expect.stringContaining(
          'KAFKA_REPLICATION_FACTOR is 5 but the cluster shows 3 brokers: the topic packets-cluster-five is created with 3 replicas per partition',
        ),
      ]);
    });

    it('loses and doubles nothing when the leader of a partition stops, and appends go on', async () => {
      expect(parseBrokers(cluster.url)).toHaveLength(3);
      expect(await log.describeReplication()).toEqual({ replicationFactor: 3, minInsyncReplicas: 2 });

      const consumed = new Map<string, number>();
      const consumer = log.consume({ group: 'detectors' }, async (batch) => {
        for (const record of batch)
          if (isPacketRecord(record))
            consumed.set(record.packet.id, (consumed.get(record.packet.id) ?? 0) + 1);
      });
      const collector = new Collector(log);

      // Three brokers up.
      await collector.loadFor(1_500, 10);
      expect(collector.failures).toBe(0);
      const beforeStop = collector.acknowledged.size;
      expect(beforeStop).toBeGreaterThan(20);

      // The broker leading partition 0 stops (a controlled shutdown, as in a rolling restart) while the load goes on.
      const admin = kafka.admin();
      await admin.connect();
      const metadata = await admin.fetchTopicMetadata({ topics: ['packets-cluster'] });
      await admin.disconnect();
      const leader = metadata.topics[0].partitions.find((partition) => partition.partitionId === 0)?.leader;
      expect([1, 2, 3]).toContain(leader);
      const stopping = cluster.haltNode(leader as number);
      await collector.loadFor(1_000, 10);
      await stopping;
      const stoppedAt = Date.now();
      await collector.loadFor(3_000, 10);
      // Two brokers left make the two in-sync copies: appends are stored again without the third.
      expect(collector.acknowledged.size).toBeGreaterThan(beforeStop);

      // What failed while the partitions changed leaders is delivered again until it is stored.
      for (const limit = Date.now() + 30_000; collector.redeliver.length > 0 && Date.now() < limit;) {
        collector.deliver();
        await collector.settled();
      }
      expect(collector.redeliver).toEqual([]);
      expect(collector.acknowledged.size).toBe(collector.sent);

      // The log: every packet exactly once, where its acknowledgement said.
      const end = await log.endOffsets();
      const seen = await packetPlaces(log);
      // Every offset holds a packet (no heartbeat is written here), none of them twice.
      expect([...seen.values()].flat()).toHaveLength(end.reduce((sum, next) => sum + next, 0));
      expect(doubledIds(seen)).toEqual([]);
      expect(seen.size).toBe(collector.sent);
      for (const [id, outcome] of collector.acknowledged) {
        expect({ id, place: seen.get(id)?.[0] }).toEqual({
          id,
          place: { partition: outcome.partition, offset: outcome.offset },
        });
      }

      // The group read every packet (at least once: a batch read again after the coordinator moved is allowed).
      await consumer.drained();
      expect(new Set(consumed.keys())).toEqual(new Set(seen.keys()));
      expect(await log.committedOffsets('detectors')).toEqual(end);
      await consumer.stop();
      const readAgain = [...consumed.values()].filter((count) => count > 1).length;
      process.stdout.write(
        `Kafka cluster drill: ${collector.sent} packets, broker ${leader} stopped, ${collector.failures} failed appends delivered again, ${readAgain} read twice by the group, drained ${Date.now() - stoppedAt} ms after the stop; appends failed with: ${[...collector.errors].join(' | ') || 'nothing'}\n`,
      );
    });
  },
);
