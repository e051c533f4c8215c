import { randomUUID } from 'node:crypto';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { KafkaPacketLog } from './kafka-packet-log';
import { parseBrokers } from './kafka-topic';
import { kafkaUnderTest } from './testing/kafka-under-test';

/**
 * The packet topic's replication against a real Kafka (KAFKA_BROKERS, else the broker of scripts/kafka-broker.sh,
 * else Docker): created with an explicit replication factor and min.insync.replicas, read back from the broker.
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
      expect.arrayContaining(['min.insync.replicas', 'cleanup.policy', 'retention.ms']),
    );
    expect(config.get('cleanup.policy')).toBe('delete');
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

  it('refuses more replicas than the cluster has brokers, creating nothing', async () => {
    const topic = topicName();
    await expect(
      KafkaPacketLog.open({ kafka, topic, partitions: 1, replicationFactor: 99, onError: () => undefined }),
    ).rejects.toThrow(/cannot have 99 replicas: the cluster has \d+ broker/);

    const admin = kafka.admin();
    await admin.connect();
    try {
      expect(await admin.listTopics()).not.toContain(topic);
    } finally {
      await admin.disconnect();
    }
  });
});
