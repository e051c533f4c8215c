import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { packetLogContract, type PacketLogFixture } from '../testing/packet-log.contract';
import { KafkaPacketLog } from './kafka-packet-log';
import { parseBrokers } from './kafka-topic';

/**
 * The PacketLog contract against a real Kafka when KAFKA_BROKERS is set (e.g. "localhost:9092"). Each fixture gets
 * its own topic and group prefix, deleted at dispose, so runs never see each other's records or offsets.
 */
const brokersVariable = process.env.KAFKA_BROKERS?.trim();
const skipReason = brokersVariable ? undefined : 'KAFKA_BROKERS is not set (no Kafka broker to test against)';

// Group joins wait for the broker's initial rebalance delay (3 s by default), several times per case.
if (!skipReason) jest.setTimeout(120_000);

async function kafkaFixture(): Promise<PacketLogFixture> {
  const kafka = new Kafka({
    clientId: 'lorawatch-contract',
    brokers: parseBrokers(brokersVariable ?? ''),
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
