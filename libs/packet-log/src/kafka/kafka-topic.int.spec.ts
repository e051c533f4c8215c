import { randomUUID } from 'node:crypto';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { capturingLogger } from '../testing/capturing-logger';
import { samplePacket } from '../testing/packet-log.contract';
import { KafkaPacketLog } from './kafka-packet-log';
import { parseBrokers } from './kafka-topic';
import { kafkaUnderTest } from './testing/kafka-under-test';

/**
 * The packet topic's replication against a real Kafka (KAFKA_BROKERS, else the broker of scripts/kafka-broker.sh,
 * else Docker): created with an explicit replication factor and min.insync.replicas, chosen from the brokers the
 * cluster shows, read back from the broker. The three-broker cluster's are in kafka-cluster-drill.int.spec.ts.
 */
const { skipReason } = kafkaUnderTest;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: Kafka topic replication: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(180_000);
afterAll(() => kafkaUnderTest.stop());

describeOrSkip(`Kafka packet topic replication${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let kafka: Kafka;
  let connected = false;
  const topics: string[] = [];
  const logs: KafkaPacketLog[] = [];

  beforeAll(async () => {
    kafka = new Kafka({
      clientId: 'lorawatch-topic-test',
      brokers: parseBrokers(await kafkaUnderTest.url()),
      logLevel: logLevel.NOTHING,
    });
    connected = true;
  });

  afterAll(async () => {
    await Promise.all(logs.map((log) => log.close()));
    // No broker came up: beforeAll has failed the tests already, and there is nothing to clean.
    if (!connected) return;
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.deleteTopics({ topics }).catch(() => undefined);
    } finally {
      await admin.disconnect();
    }
  });

  const topicName = (): string => {
    const topic = `packets-replication-${randomUUID().slice(0, 8)}`;
    topics.push(topic);
    return topic;
  };

  /** The topic as the broker describes it: replicas of each partition and the topic's own settings. */
  async function described(
    topic: string,
  ): Promise<{ replicas: number[]; config: Map<string, string>; ownSettings: string[] }> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
      const configs = await admin.describeConfigs({
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }],
        includeSynonyms: false,
      });
      return {
        replicas: metadata.topics[0].partitions.map((partition) => partition.replicas.length),
        config: new Map(
          configs.resources[0].configEntries.map((entry) => [entry.configName, entry.configValue]),
        ),
        // Set on the topic itself, not inherited from the broker's defaults.
        ownSettings: configs.resources[0].configEntries
          .filter((entry) => !entry.isDefault)
          .map((entry) => entry.configName),
      };
    } finally {
      await admin.disconnect();
    }
  }

  it('creates the topic with an explicit replication factor and min.insync.replicas (1 and 1 on one broker)', async () => {
    const topic = topicName();
    const admin = kafka.admin();
    await admin.connect();
    const brokers = (await admin.describeCluster()).brokers.length;
    await admin.disconnect();
    const log = await KafkaPacketLog.open({ kafka, topic, partitions: 3, onError: () => undefined });
    logs.push(log);

    const { replicas, config, ownSettings } = await described(topic);
    const expected = Math.min(3, brokers);
    expect(replicas).toEqual([expected, expected, expected]);
    expect(config.get('min.insync.replicas')).toBe(expected >= 3 ? '2' : '1');
    expect(ownSettings).toEqual(
      expect.arrayContaining([
        'min.insync.replicas',
        'cleanup.policy',
        'retention.ms',
        'message.timestamp.type',
      ]),
    );
    expect(config.get('cleanup.policy')).toBe('delete');
    // The producer's timestamps are kept (a migrated record keeps its original time).
    expect(config.get('message.timestamp.type')).toBe('CreateTime');
    expect(config.get('retention.ms')).toBe(String(30 * 86_400_000));
    expect(await log.describeReplication()).toEqual({
      replicationFactor: expected,
      minInsyncReplicas: expected >= 3 ? 2 : 1,
    });
  });

  it('takes the configured values', async () => {
    const topic = topicName();
    const log = await KafkaPacketLog.open({
      kafka,
      topic,
      partitions: 1,
      replicationFactor: 1,
      minInsyncReplicas: 1,
      onError: () => undefined,
    });
    logs.push(log);

    const { replicas, config } = await described(topic);
    expect(replicas).toEqual([1]);
    expect(config.get('min.insync.replicas')).toBe('1');
  });

  it('creates one copy per broker when fewer brokers show than the configured factor, warning with both', async () => {
    const topic = topicName();
    const admin = kafka.admin();
    await admin.connect();
    const brokers = (await admin.describeCluster()).brokers.length;
    await admin.disconnect();
    const configured = brokers + 2;
    const logger = capturingLogger();
    const log = await KafkaPacketLog.open({
      kafka,
      topic,
      partitions: 2,
      replicationFactor: configured,
      minInsyncReplicas: configured,
      logger,
      onError: () => undefined,
    });
    logs.push(log);

    const { replicas, config } = await described(topic);
    expect(replicas).toEqual([brokers, brokers]);
    expect(config.get('min.insync.replicas')).toBe(String(brokers));
    expect(logger.lines.filter((line) => line.level === 'warn').map((line) => line.text)).toEqual([
      expect.stringContaining(
        `KAFKA_REPLICATION_FACTOR is ${configured} but the cluster shows ${brokers} broker${brokers === 1 ? '' : 's'}: ` +
          `the topic ${topic} is created with ${brokers} replica`,
      ),
    ]);
    expect(logger.lines.filter((line) => line.level === 'warn')[0].text).toContain(
      `KAFKA_MIN_INSYNC_REPLICAS ${configured} is lowered to ${brokers}`,
    );
    // Appends work: min.insync.replicas is not above the copies the topic has.
    const [outcome] = await log.append([samplePacket('replicated', '70b3d57ed0000001')]);
    expect(outcome.appended).toBe(true);

    // Opened again, the topic that has fewer copies than configured is reported, not changed.
    const again = capturingLogger();
    logs.push(
      await KafkaPacketLog.open({
        kafka,
        topic,
        partitions: 2,
        replicationFactor: configured,
        logger: again,
        onError: () => undefined,
      }),
    );
    expect(again.lines).toContainEqual({
      level: 'warn',
      text: `The topic ${topic} has ${brokers} replicas per partition where ${configured} are wanted: Kafka does not change it by itself`,
    });
  });

  it('warns of nothing when the factor is left to the cluster', async () => {
    const logger = capturingLogger();
    logs.push(
      await KafkaPacketLog.open({
        kafka,
        topic: topicName(),
        partitions: 1,
        logger,
        onError: () => undefined,
      }),
    );
    expect(logger.lines.filter((line) => line.level !== 'debug' && line.level !== 'log')).toEqual([]);
  });
});
