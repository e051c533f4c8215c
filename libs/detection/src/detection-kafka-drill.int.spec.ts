import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView as PolicyRules } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { Metrics } from '@lorawatch/ops/metrics';
import { SET_ASIDE_RECORDS, type SetAsideRecord } from '@lorawatch/ops/set-aside-records';
import { KafkaPacketLog } from '@lorawatch/packet-log/kafka/kafka-packet-log';
import { parseBrokers } from '@lorawatch/packet-log/kafka/kafka-topic';
import { kafkaUnderTest } from '@lorawatch/packet-log/kafka/testing/kafka-under-test';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { CheckpointFencedError, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ReplicaStore } from '@lorawatch/read-store/testing/replica-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { DETECTOR_GROUP, DetectionRunner, detectorCheckpoint } from './detection-runner';
import { PolicyProvider } from './policy-provider';
import { inLogOrder, simulatedPackets } from './testing/simulated-packets';

/**
 * Failure drills of the detection runner on a real Kafka (KAFKA_BROKERS, else the broker of scripts/kafka-broker.sh,
 * else Docker): the consumer group, its session timeout and its rebalances are Kafka's own, the read store and the
 * event store the embedded ones.
 */
const { skipReason } = kafkaUnderTest;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: detection Kafka drills: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(120_000);
afterAll(() => kafkaUnderTest.stop());

/** The smallest session the broker accepts by default (group.min.session.timeout.ms). */
const SESSION_TIMEOUT_MS = 6_000;
const CHECKPOINT = detectorCheckpoint(0);

describeOrSkip(`Kafka drills of the detection runner${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let kafka: Kafka;
  let temp: TempSqliteFile;
  let db: Database;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  let topic: string;
  let groupPrefix: string;
  const logs: KafkaPacketLog[] = [];
  const runners: DetectionRunner[] = [];

  beforeAll(async () => {
    kafka = new Kafka({
      clientId: 'lorawatch-detection-drill',
      brokers: parseBrokers(await kafkaUnderTest.url()),
      logLevel: logLevel.NOTHING,
    });
  });

  beforeEach(() => {
    const run = randomUUID().slice(0, 8);
    topic = `packets-detection-drill-${run}`;
    groupPrefix = `detection-drill-${run}-`;
    temp = createTempSqliteFile('detection-kafka-drill');
    db = openDatabase(temp.file);
    events = new SqliteEventStore(db);
    store = new SqliteReadStore(db);
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop().catch(() => undefined)));
    await Promise.all(logs.splice(0).map((log) => log.close()));
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    } finally {
      await admin.disconnect();
    }
    await events.close();
    await store.close();
    db.close();
    temp.remove();
  });

  /** One replica's connection to the log: its own clients, as a process of its own would have. */
  const openLog = async (partitions: number): Promise<KafkaPacketLog> => {
    const log = await KafkaPacketLog.open({
      kafka,
      topic,
      partitions,
      groupPrefix,
      pollIntervalMs: 50,
      sessionTimeoutMs: SESSION_TIMEOUT_MS,
      onError: () => undefined,
      onRejected: () => undefined,
    });
    logs.push(log);
    return log;
  };

  const runner = (
    log: KafkaPacketLog,
    replicaStore: ReadStore,
    metrics: Metrics,
    options: { cacheState: boolean; poisonAttempts: number },
  ): DetectionRunner => {
    const created = new DetectionRunner(
      log,
      events,
      replicaStore,
      new PolicyProvider(replicaStore),
      metrics,
      {
        tickIntervalMs: 0,
        cacheState: options.cacheState,
        restart: { initialDelayMs: 100, maxDelayMs: 400, poisonAttempts: options.poisonAttempts },
      },
    );
    runners.push(created);
    return created;
  };

  const raisedAlertIds = async (): Promise<string[]> =>
    (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => (event.data as AlertDraft).id);

  /**
   * Replica A commits a batch, detects the next one and stalls before its commit, longer than its Kafka session:
   * the group coordinator drops A and deals the partition to B, which detects from the offset the group committed
   * to the end of the log. When A resumes, its commit is refused by the read store's fence: nothing of it is
   * written, the checkpoint never goes back, A's consumer starts again from the stored offsets, and every alert is
   * raised once, as one runner alone would raise them.
   */
  it('a replica paused past its session is fenced when it resumes: no regressed checkpoint, no false alert', async () => {
    const packets = simulatedPackets({ devices: 10, seed: 19, atLeast: 900 }).slice(0, 900);
    const [early, late] = [packets.slice(0, 600), packets.slice(600)];
    const logA = await openLog(1);
    const logB = await openLog(1);
    await logA.append(early);

    const seen: number[] = [];
    const storeA = new ReplicaStore(store, CHECKPOINT, seen, { stallAt: 2 });
    const metricsA = new Metrics();
    // A keeps its state in memory between batches: what it cached before the pause must not outlive the fence.
    const a = runner(logA, storeA, metricsA, { cacheState: true, poisonAttempts: 1 });
    const b = runner(logB, new ReplicaStore(store, CHECKPOINT, seen), new Metrics(), {
      cacheState: false,
      poisonAttempts: 1,
    });

    a.start();
    await storeA.holding;
    const stalledAt = await store.checkpoint(CHECKPOINT);
    expect(stalledAt).toBeGreaterThan(0);
    expect(stalledAt).toBeLessThan(early.length);
    const pausedAt = Date.now();

    // B joins; the rebalance waits for A, whose session runs out while it is paused.
    b.start();
    await b.drained();
    expect(Date.now() - pausedAt).toBeGreaterThanOrEqual(SESSION_TIMEOUT_MS - 1_000);
    expect(await store.checkpoint(CHECKPOINT)).toBe(early.length);
    expect((await logB.committedOffsets(DETECTOR_GROUP))[0]).toBe(early.length);

    storeA.resume();
    expect(await storeA.stalled).toBeInstanceOf(CheckpointFencedError);
    expect(await store.checkpoint(CHECKPOINT)).toBe(early.length);
    // Kafka's committed offset did not go back either: A commits to Kafka only after its store commit.
    expect((await logA.committedOffsets(DETECTOR_GROUP))[0]).toBe(early.length);
    await b.stop();

    // A alone from here: it rejoins the group and reads on from the committed offsets, not from where it paused.
    await logA.append(late);
    await a.drained();

    expect(seen.length).toBeGreaterThan(3);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(await store.checkpoint(CHECKPOINT)).toBe(packets.length);
    expect((await logA.committedOffsets(DETECTOR_GROUP))[0]).toBe(packets.length);

    const raised = await raisedAlertIds();
    const expected = runDetection(packets, new PolicyRules([])).alerts.map((alert) => alert.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(raised).size).toBe(raised.length);
    expect(new Set(raised)).toEqual(new Set(expected));

    // Counted as fenced, not as a failure of the packets: nothing set aside.
    expect(await metricsA.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total')).toContain(
      `lorawatch_checkpoint_fenced_total{consumer="${DETECTOR_GROUP}"} 1`,
    );
    expect(await metricsA.registry.getSingleMetricAsString('lorawatch_poison_records_total')).not.toContain(
      `group="${DETECTOR_GROUP}"`,
    );
    expect(await store.collection(SET_ASIDE_RECORDS).count()).toBe(0);
  });

  /**
   * A packet the detectors cannot process (an event time that is no date, as a faulty collector could log) and a
   * record that is no packet at all (written to the topic by something else): the packet is set aside after its
   * attempts (the dead letter: recorded with the checkpoint past it, counted in lorawatch_poison_records_total),
   * the record is skipped and counted by the log, and every other packet is detected as if neither were there.
   */
  it('a poison packet is set aside and counted, a record that is no packet skipped, and everything else flows', async () => {
    const log = await openLog(2);
    const packets = simulatedPackets({ devices: 8, seed: 11, atLeast: 600 });
    const half = Math.floor(packets.length / 2);
    const poison: Packet = { ...packets[half], id: 'poison-packet', date: 'not a date' };
    await log.append(packets.slice(0, half));
    const [placed] = await log.append([poison]);
    expect(placed.appended).toBe(true);
    const producer = kafka.producer();
    await producer.connect();
    try {
      await producer.send({
        topic,
        acks: -1,
        messages: [0, 1].map((partition) => ({ partition, key: 'junk', value: 'not a packet' })),
      });
    } finally {
      await producer.disconnect();
    }
    await log.append(packets.slice(half));

    const metrics = new Metrics();
    const detection = runner(log, store, metrics, { cacheState: true, poisonAttempts: 3 });
    detection.start();
    await detection.drained();

    expect(await metrics.registry.getSingleMetricAsString('lorawatch_poison_records_total')).toContain(
      `lorawatch_poison_records_total{group="${DETECTOR_GROUP}"} 1`,
    );
    expect(await store.collection<SetAsideRecord>(SET_ASIDE_RECORDS).find({})).toEqual([
      expect.objectContaining({
        group: DETECTOR_GROUP,
        partition: placed.partition,
        offset: placed.offset,
        entryId: 'poison-packet',
      }),
    ]);
    expect(log.rejected).toBeGreaterThanOrEqual(2);
    expect(metrics.consumers.downWorkers()).toEqual([]);

    const ends = await log.endOffsets();
    const committed = await log.committedOffsets(DETECTOR_GROUP);
    for (const [partition, end] of ends.entries()) {
      expect(await store.checkpoint(detectorCheckpoint(partition))).toBe(end);
      expect(committed[partition]).toBe(end);
    }
    const raised = await raisedAlertIds();
    const expected = runDetection(inLogOrder(packets, log), new PolicyRules([])).alerts.map(
      (alert) => alert.id,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(raised).size).toBe(raised.length);
    expect(new Set(raised)).toEqual(new Set(expected));
  });
});
