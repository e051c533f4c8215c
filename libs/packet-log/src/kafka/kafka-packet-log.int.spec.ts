import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { packetLogContract, type PacketLogFixture } from '../testing/packet-log.contract';
import { KafkaPacketLog } from './kafka-packet-log';
import { parseBrokers } from './kafka-topic';
import { kafkaUnderTest } from './testing/kafka-under-test';

/**
 * The PacketLog contract against a real Kafka: the one of KAFKA_BROKERS (e.g. "localhost:9092"), else a throwaway
 * container where Docker answers. Each fixture gets
 * its own topic and group prefix, deleted at dispose, so runs never see each other's records or offsets.
 */
const { skipReason } = kafkaUnderTest;

// Group joins wait for the broker's initial rebalance delay (3 s by default), several times per case; a container
// takes a while to start on first use.
if (!skipReason) jest.setTimeout(180_000);
afterAll(() => kafkaUnderTest.stop());

async function kafkaFixture(): Promise<PacketLogFixture> {
  const kafka = new Kafka({
    clientId: 'lorawatch-contract',
    brokers: parseBrokers(await kafkaUnderTest.url()),
    logLevel: logLevel.ERROR,
  });
  const run = randomUUID().slice(0, 8);
  const topic = `packets-contract-${run}`;
  const groupPrefix = `contract-${run}-`;
  const logs: KafkaPacketLog[] = [];
  return {
    open: async () => {
      const log = await KafkaPacketLog.open({
        kafka,
        topic,
        partitions: 4,
        groupPrefix,
        pollIntervalMs: 50,
        onError: () => undefined,
        onRejected: () => undefined,
      });
      logs.push(log);
      return log;
    },
    dispose: async () => {
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
    },
  };
}

packetLogContract('Kafka', kafkaFixture, { skipReason });
