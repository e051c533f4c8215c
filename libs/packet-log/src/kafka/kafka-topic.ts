import type { ITopicConfig } from 'kafkajs';

const DAY_MS = 86_400_000;

export interface TopicSettings {
  topic: string;
  partitions: number;
  /** Kafka deletes records older than this itself (retention.ms); undefined keeps the broker's default. */
  retentionDays?: number;
  /** Copies of each partition. Undefined lets the broker use its default.replication.factor. */
  replicationFactor?: number;
  /** min.insync.replicas of the topic: copies an append (acks=all) must reach. Undefined: the broker's default. */
  minInsyncReplicas?: number;
}

/** The replication asked for, as given (undefined: chosen from the cluster, see topicReplication). */
export interface ReplicationWish {
  replicationFactor?: number;
  minInsyncReplicas?: number;
}

/**
 * The replication the topic is created with, always explicit: the configured values, else three copies (or as
 * many as there are brokers, when fewer) and, with three copies or more, two in sync for an append to count (one
 * broker may then fail without losing or refusing appends). One broker gets 1 and 1. Refuses what the cluster
 * cannot give, with the reason, before Kafka answers INVALID_REPLICATION_FACTOR or refuses every append.
 */
export function topicReplication(
  wish: ReplicationWish,
  brokers: number,
): { replicationFactor: number; minInsyncReplicas: number } {
  if (!Number.isInteger(brokers) || brokers < 1)
    throw new RangeError(`The cluster has no broker (${brokers})`);
  const replicationFactor = wish.replicationFactor ?? Math.min(3, brokers);
  if (!Number.isInteger(replicationFactor) || replicationFactor < 1)
    throw new RangeError(`Invalid replication factor ${replicationFactor}`);
  if (replicationFactor > brokers) {
    throw new RangeError(
      `The packet topic cannot have ${replicationFactor} replicas: the cluster has ${brokers} broker${brokers === 1 ? '' : 's'} ` +
        '(lower KAFKA_REPLICATION_FACTOR or add brokers)',
    );
  }
  const minInsyncReplicas = wish.minInsyncReplicas ?? (replicationFactor >= 3 ? 2 : 1);
  if (
    !Number.isInteger(minInsyncReplicas) ||
    minInsyncReplicas < 1 ||
    minInsyncReplicas > replicationFactor
  ) {
    throw new RangeError(
      `min.insync.replicas must be from 1 to the replication factor ${replicationFactor} (got ${minInsyncReplicas})`,
    );
  }
  return { replicationFactor, minInsyncReplicas };
}

/**
 * What an existing topic has that differs from the replication wanted, in words (empty when nothing does). Kafka
 * changes neither by itself: a reassignment (kafka-reassign-partitions) or kafka-configs is the operator's.
 */
export function replicationDrift(
  topic: string,
  wanted: { replicationFactor: number; minInsyncReplicas: number },
  found: { replicationFactor: number | null; minInsyncReplicas: number | null },
): string[] {
  const drift: string[] = [];
  if (found.replicationFactor !== null && found.replicationFactor !== wanted.replicationFactor)
    drift.push(
      `The topic ${topic} has ${found.replicationFactor} replicas per partition where ${wanted.replicationFactor} are wanted`,
    );
  if (found.minInsyncReplicas !== null && found.minInsyncReplicas !== wanted.minInsyncReplicas)
    drift.push(
      `The topic ${topic} has min.insync.replicas=${found.minInsyncReplicas} where ${wanted.minInsyncReplicas} is wanted`,
    );
  return drift;
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
  if (settings.minInsyncReplicas !== undefined) {
    configEntries.push({ name: 'min.insync.replicas', value: String(settings.minInsyncReplicas) });
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
