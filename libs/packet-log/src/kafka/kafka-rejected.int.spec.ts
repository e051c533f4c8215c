import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { Counter, Registry } from 'prom-client';
import { entryKey, isPacketRecord } from '../packet-log.port';
import { capturingLogger } from '../testing/capturing-logger';
import { samplePacket } from '../testing/packet-log.contract';
import { entryMessage } from './kafka-messages';
import { KafkaPacketLog } from './kafka-packet-log';
import { parseBrokers } from './kafka-topic';
import { deleteTestTopic } from '../testing/log-drills';
import { kafkaUnderTest } from './testing/kafka-under-test';

/**
 * Records on the packet topic that are not packets (written by another tool, truncated, hand-edited), against a
 * real Kafka (KAFKA_BROKERS, else the broker of scripts/kafka-broker.sh, else Docker): a consumer skips them,
 * delivers everything else, warns through the logger and counts them on the counter the process exposes.
 */
const { skipReason } = kafkaUnderTest;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: Kafka records that are not packets: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(120_000);
afterAll(() => kafkaUnderTest.stop());

describeOrSkip(`Kafka records that are not packets${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let kafka: Kafka;
  const run = randomUUID().slice(0, 8);
  const topic = `packets-rejected-${run}`;
  let log: KafkaPacketLog;

  beforeAll(async () => {
    kafka = new Kafka({
      clientId: 'lorawatch-rejected',
      brokers: parseBrokers(await kafkaUnderTest.url()),
      logLevel: logLevel.NOTHING,
    });
  });

  afterAll(async () => {
    await log?.close();
    await deleteTestTopic(kafka, topic);
  });

  it('skips them, delivers the packets around them, warns and counts each on the metric', async () => {
    const registry = new Registry();
    const counter = new Counter({
      name: 'lorawatch_packet_log_rejected_total',
      help: 'Records on the packet topic that were not packets, skipped by a consumer',
      registers: [registry],
    });
    const logger = capturingLogger();
    log = await KafkaPacketLog.open({
      kafka,
      topic,
      partitions: 1,
      groupPrefix: `rejected-${run}-`,
      pollIntervalMs: 50,
      logger,
      rejectedCounter: counter,
      onError: () => undefined,
    });

    // Another tool writes to the topic: a packet, a value that is no JSON, an object without an id, a packet.
    const first = samplePacket('before-junk', '70b3d57ed0000001');
    const last = samplePacket('after-junk', '70b3d57ed0000001');
    const producer = kafka.producer();
    await producer.connect();
    try {
      await producer.send({
        topic,
        messages: [
          entryMessage(first, 1),
          { key: entryKey(first), value: 'not json at all', partition: 0 },
          { key: entryKey(first), value: JSON.stringify({ hello: 'world' }), partition: 0 },
          entryMessage(last, 1),
        ],
      });
    } finally {
      await producer.disconnect();
    }

    const delivered: string[] = [];
    const consumer = log.consume({ group: 'detectors' }, async (batch) => {
      for (const record of batch) if (isPacketRecord(record)) delivered.push(record.packet.id);
    });
    await consumer.drained();
    await consumer.stop();

    expect(delivered).toEqual(['before-junk', 'after-junk']);
    expect(await log.committedOffsets('detectors')).toEqual([4]);
    expect(log.rejected).toBe(2);
    expect(await registry.metrics()).toContain('lorawatch_packet_log_rejected_total 2');
    expect(logger.lines).toContainEqual({
      level: 'warn',
      text: `Skipped 2 record(s) of the topic ${topic} that are not packets: partition 0 offset 1 (value is not JSON), partition 0 offset 2 (packet has no id)`,
    });
  });
});
