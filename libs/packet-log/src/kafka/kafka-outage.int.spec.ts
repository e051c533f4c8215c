import { Kafka } from 'kafkajs';
import type { Packet } from '@lorawatch/domain/packet';
import { GroupAppender } from '../group-appender';
import { isPacketRecord, type AppendOutcome } from '../packet-log.port';
import { capturingLogger } from '../testing/capturing-logger';
import { doubledIds, packetPlaces } from '../testing/log-drills';
import { samplePacket } from '../testing/packet-log.contract';
import { kafkaLogCreator } from './kafka-log';
import { AppendRefusedError, KafkaPacketLog } from './kafka-packet-log';
import { parseBrokers } from './kafka-topic';
import { localKafka, startLocalKafka, type LocalKafka } from './testing/local-kafka';

/**
 * Drill: the broker goes down under load and comes back. It needs a broker it can stop and start again, so it
 * starts its own from the jars of `scripts/kafka-broker.sh fetch` (never the shared KAFKA_BROKERS one).
 *
 * A collector appends one packet every few milliseconds and acknowledges a packet only once its append resolved;
 * a failed append's packet is delivered again later, as the MQTT broker redelivers what was not acknowledged.
 * While Kafka is down the appends fail within the append timeout and no more than `maxPendingAppends` wait; once it
 * is back they are stored again, and in the end every packet is in the log exactly once, at the place its
 * acknowledgement named. A consumer group reads along and has read every packet in the end. The client's logs go
 * through the product's mapping (kafka-log.ts): the outage it survives is logged at warn, never at error.
 */
const local = localKafka();
const skipReason = local.ok ? null : `no local Kafka broker can start here (${local.reason})`;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: Kafka outage drill: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(150_000);

const MAX_PENDING = 8;
const APPEND_TIMEOUT_MS = 3_000;
const DEVICES = ['70b3d57ed0000001', '70b3d57ed0000002', '70b3d57ed0000003', '70b3d57ed0000004'];

const packetNumber = (n: number): Packet =>
  samplePacket(`outage-${String(n).padStart(5, '0')}`, DEVICES[n % DEVICES.length], { fCount: n });

interface Failure {
  ms: number;
  error: unknown;
}

/**
 * The collector side: one request per packet through a GroupAppender (as the MQTT collector does), acknowledged
 * once stored, redelivered when it failed.
 */
class Collector {
  readonly acknowledged = new Map<string, AppendOutcome>();
  readonly failures: Failure[] = [];
  readonly redeliver: Packet[] = [];
  maxPending = 0;
  private next = 0;
  private readonly inFlight = new Set<Promise<void>>();

  private readonly appender: GroupAppender;

  constructor(private readonly log: KafkaPacketLog) {
    this.appender = new GroupAppender(log);
  }

  get sent(): number {
    return this.next;
  }

  deliver(): void {
    const packet = this.redeliver.shift() ?? packetNumber(this.next++);
    const started = Date.now();
    const done = this.appender.append([packet]).then(
      ([outcome]) => {
        this.acknowledged.set(packet.id, outcome);
      },
      (error: unknown) => {
        this.failures.push({ ms: Date.now() - started, error });
        this.redeliver.push(packet);
      },
    );
    this.maxPending = Math.max(this.maxPending, this.log.pendingAppends);
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
  }

  /** Delivers one packet every `everyMs` until `until` resolves, then waits for the appends under way. */
  async loadWhile(until: Promise<unknown>, everyMs: number): Promise<void> {
    const timer = setInterval(() => this.deliver(), everyMs);
    try {
      await until;
    } finally {
      clearInterval(timer);
    }
    await this.settled();
  }

  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOrSkip(
  `Kafka drill: the broker stopped under load${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let broker: LocalKafka;
    let log: KafkaPacketLog;
    const logger = capturingLogger();

    beforeAll(async () => {
      broker = await startLocalKafka();
      // Quick client-side give-ups, so the drill is short; the bounds under test are the log's own.
      const kafka = new Kafka({
        clientId: 'lorawatch-outage-drill',
        brokers: parseBrokers(broker.url),
        logCreator: kafkaLogCreator(logger),
        connectionTimeout: 1_000,
        requestTimeout: 5_000,
        retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1_000 },
      });
      log = await KafkaPacketLog.open({
        kafka,
        topic: 'packets-outage',
        partitions: 2,
        pollIntervalMs: 50,
        readTimeoutMs: 5_000,
        maxPendingAppends: MAX_PENDING,
        appendTimeoutMs: APPEND_TIMEOUT_MS,
        sendRetries: 2,
        onError: () => undefined,
        onRejected: () => undefined,
      });
    });

    afterAll(async () => {
      await log?.close();
      await broker?.stop();
    });

    it('fails appends within bounded time and memory while Kafka is down, then stores each packet exactly once', async () => {
      const collector = new Collector(log);
      const consumed = new Set<string>();
      const consumer = log.consume({ group: 'outage-readers' }, async (batch) => {
        for (const record of batch) if (isPacketRecord(record)) consumed.add(record.packet.id);
      });

      // Kafka up: everything is stored.
      await collector.loadWhile(sleep(1_000), 10);
      expect(collector.failures).toEqual([]);
      const storedBefore = collector.acknowledged.size;
      expect(storedBefore).toBeGreaterThan(20);

      // Kafka down under the same load: a packet every 10 ms, while each append takes a while to give up.
      await collector.loadWhile(
        (async () => {
          await broker.halt();
          await sleep(APPEND_TIMEOUT_MS + 2_000);
        })(),
        10,
      );
      const outage = collector.failures.length;
      expect(outage).toBeGreaterThan(50);
      expect(collector.acknowledged.size).toBeGreaterThanOrEqual(storedBefore);
      // Time: a request hears of its failure within the append timeout of the group before it (which it waited
      // for) and its own, plus a little scheduling.
      expect(Math.max(...collector.failures.map((failure) => failure.ms))).toBeLessThan(
        2 * APPEND_TIMEOUT_MS + 1_000,
      );
      expect(collector.failures.every((failure) => failure.error instanceof Error)).toBe(true);
      expect(collector.maxPending).toBeLessThanOrEqual(MAX_PENDING);

      // Memory: a burst of appends straight to the log while Kafka is down: maxPendingAppends wait, the rest are
      // refused at once, and the waiting ones fail within the append timeout.
      const burstStarted = Date.now();
      const burst = await Promise.allSettled(
        Array.from({ length: 3 * MAX_PENDING }, (_, i) => log.append([packetNumber(90_000 + i)])),
      );
      const burstMs = Date.now() - burstStarted;
      const reasons = burst.map((result) =>
        result.status === 'rejected' && result.reason instanceof AppendRefusedError
          ? result.reason.reason
          : 'other',
      );
      expect(burst.every((result) => result.status === 'rejected')).toBe(true);
      expect(reasons.filter((reason) => reason === 'queue-full')).toHaveLength(2 * MAX_PENDING);
      expect(burstMs).toBeLessThan(APPEND_TIMEOUT_MS + 1_000);
      await sleep(500);
      expect(log.pendingAppends).toBe(0);

      // Kafka back: appends are stored again, and every packet not acknowledged is delivered again until it is.
      await broker.restart();
      const backAt = Date.now();
      const resumedBy = backAt + 60_000;
      const acknowledgedAtRestart = collector.acknowledged.size;
      while (collector.acknowledged.size === acknowledgedAtRestart && Date.now() < resumedBy) {
        collector.deliver();
        await sleep(100);
      }
      expect(collector.acknowledged.size).toBeGreaterThan(acknowledgedAtRestart);
      while (collector.redeliver.length > 0 && Date.now() < resumedBy) {
        collector.deliver();
        await sleep(5);
        if (collector.redeliver.length === 0) await collector.settled();
      }
      await collector.settled();
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

      // The group came back by itself and read every packet.
      await consumer.drained();
      expect(consumed).toEqual(new Set(seen.keys()));
      await consumer.stop();

      // kafkajs logged the outage it survived (refused connections, retries, the consumer's restart) at warn, none
      // of it at error.
      const warned = logger.lines.filter((line) => line.level === 'warn').map((line) => line.text);
      expect(warned).toContainEqual(expect.stringMatching(/ECONNREFUSED|Connection error|Closed connection/));
      expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
      process.stdout.write(
        `Kafka outage drill: ${collector.sent} packets, ${outage} failed appends while down , at most ${collector.maxPending} pending, resumed ${Date.now() - backAt} ms after restart\n`,
      );
    });
  },
);
