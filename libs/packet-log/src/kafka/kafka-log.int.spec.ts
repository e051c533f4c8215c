import { randomUUID } from 'node:crypto';
import { Kafka } from 'kafkajs';
import { isPacketRecord } from '../packet-log.port';
import { capturingLogger } from '../testing/capturing-logger';
import { deleteTestTopic, pollUntil } from '../testing/log-drills';
import { samplePacket } from '../testing/packet-log.contract';
import { kafkaLogCreator } from './kafka-log';
import { KafkaPacketLog } from './kafka-packet-log';
import { parseBrokers } from './kafka-topic';
import { kafkaUnderTest } from './testing/kafka-under-test';

/**
 * What kafkajs logs through the product's logger during a rebalance, against a real Kafka (KAFKA_BROKERS, else the
 * broker of scripts/kafka-broker.sh, else Docker): a second member joins a group that is consuming, then leaves.
 * The group rebalances twice; nothing of it is logged at error. (A broker restart: kafka-outage.int.spec.ts.)
 */
const { skipReason } = kafkaUnderTest;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: Kafka client logging: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(120_000);
afterAll(() => kafkaUnderTest.stop());

describeOrSkip(`Kafka client logging${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const run = randomUUID().slice(0, 8);
  const topic = `packets-logging-${run}`;
  const logger = capturingLogger();
  let kafka: Kafka;
  let log: KafkaPacketLog;

  beforeAll(async () => {
    kafka = new Kafka({
      clientId: 'lorawatch-logging',
      brokers: parseBrokers(await kafkaUnderTest.url()),
      logCreator: kafkaLogCreator(logger),
    });
    log = await KafkaPacketLog.open({
      kafka,
      topic,
      partitions: 4,
      groupPrefix: `logging-${run}-`,
      pollIntervalMs: 50,
      sessionTimeoutMs: 6_000,
      logger,
      onError: () => undefined,
    });
  });

  afterAll(async () => {
    await log?.close();
    await deleteTestTopic(kafka, topic);
  });

  it('logs a group rebalancing as a member joins and leaves, and none of it at error', async () => {
    const read = new Set<string>();
    const handler = async (batch: Parameters<Parameters<KafkaPacketLog['consume']>[1]>[0]) => {
      for (const record of batch) if (isPacketRecord(record)) read.add(record.packet.id);
    };
    const first = log.consume({ group: 'detectors' }, handler);
    const devices = Array.from({ length: 8 }, (_, n) => `70b3d57ed00000${String(n).padStart(2, '0')}`);
    const appendSome = async (round: number) =>
      log.append(devices.map((devEui) => samplePacket(`${round}-${devEui}`, devEui)));
    await appendSome(1);
    await pollUntil(async () => ({ value: read.size >= 8 ? true : null, seen: `${read.size} read` }), {
      what: 'the first member to read',
    });

    // A second member joins while the first heartbeats and commits, then leaves: two rebalances.
    const second = log.consume({ group: 'detectors' }, handler);
    await pollUntil(
      async () => ({
        value: second.assignedPartitions().length > 0 && first.assignedPartitions().length < 4 ? true : null,
        seen: `${first.assignedPartitions().join(',')} / ${second.assignedPartitions().join(',')}`,
      }),
      { what: 'the partitions dealt to both members' },
    );
    await appendSome(2);
    await second.stop();
    await pollUntil(
      async () => ({
        value: first.assignedPartitions().length === 4 ? true : null,
        seen: first.assignedPartitions().join(','),
      }),
      { what: 'the first member to take every partition back' },
    );
    await appendSome(3);
    await first.drained();
    await first.stop();

    expect(read.size).toBe(24);
    // kafkajs logs the rebalance at error (the heartbeats' answers) and warn (the re-join): here at info.
    expect(logger.lines).toContainEqual({
      level: 'log',
      text: expect.stringMatching(/rebalancing/) as unknown,
    });
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
    const byLevel = new Map<string, number>();
    for (const line of logger.lines) byLevel.set(line.level, (byLevel.get(line.level) ?? 0) + 1);
    process.stdout.write(`Kafka client logging during two rebalances: ${JSON.stringify([...byLevel])}\n`);
  });
});
