import type { ITopicConfig } from 'kafkajs';

const DAY_MS = 86_400_000;

export interface TopicSettings {
  topic: string;
  partitions: number;
  /** Kafka deletes records older than this itself (retention.ms); undefined keeps the broker's default. */
  retentionDays?: number;
  /** Undefined lets the broker use its default.replication.factor. */
  replicationFactor?: number;
}

export function retentionMs(days: number): string {
  if (!Number.isFinite(days) || days <= 0) throw new RangeError(`Invalid retention of ${days} days`);
  return String(Math.round(days * DAY_MS));
}

/** The CreateTopics entry for the packet log: delete (not compact) cleanup, so retention is by time only. */
export function topicConfig(settings: TopicSettings): ITopicConfig {
  if (!settings.topic) throw new RangeError('The packet topic needs a name');
  if (!Number.isInteger(settings.partitions) || settings.partitions < 1) {
    throw new RangeError(`Invalid partition count ${settings.partitions}`);
  }
  const configEntries = [{ name: 'cleanup.policy', value: 'delete' }];
  if (settings.retentionDays !== undefined) {
    configEntries.push({ name: 'retention.ms', value: retentionMs(settings.retentionDays) });
  }
  return {
    topic: settings.topic,
    numPartitions: settings.partitions,
    ...(settings.replicationFactor === undefined ? {} : { replicationFactor: settings.replicationFactor }),
    configEntries,
  };
}

export type TopicPlan = { action: 'create' } | { action: 'none' } | { action: 'grow'; count: number };

/**
 * Fewer partitions than the topic has would hide records from partitionFor and the consumers: refused, as the
 * embedded log refuses. More is allowed (Kafka can add partitions; keys then move, as in Kafka).
 */
export function planTopic(topic: string, existingPartitions: number | null, wanted: number): TopicPlan {
  if (existingPartitions === null) return { action: 'create' };
  if (existingPartitions > wanted) {
    throw new Error(
      `The topic ${topic} has ${existingPartitions} partitions; it cannot be opened with ${wanted}`,
    );
  }
  return existingPartitions === wanted ? { action: 'none' } : { action: 'grow', count: wanted };
}

/** KAFKA_BROKERS: comma-separated host:port list. */
export function parseBrokers(value: string): string[] {
  const brokers = value
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker !== '');
  if (brokers.length === 0) throw new RangeError('KAFKA_BROKERS lists no broker');
  for (const broker of brokers) {
    if (!/^[^\s:/]+:\d{1,5}$/.test(broker) && !/^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(broker)) {
      throw new RangeError(`KAFKA_BROKERS entry "${broker}" is not host:port`);
    }
  }
  return brokers;
}
