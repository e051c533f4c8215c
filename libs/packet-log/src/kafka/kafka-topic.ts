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

/** Replication factor and min.insync.replicas. */
export interface Replication {
  replicationFactor: number;
  minInsyncReplicas: number;
}

/**
 * The replication wanted, as configured, else three copies (or as many as there are brokers, when fewer) and,
 * with three copies or more, two in sync for an append to count (one broker may then fail without losing or
 * refusing appends); one broker gets 1 and 1. An existing topic is compared with it (replicationDrift). Refuses
 * values no cluster could give (a factor below 1, more in sync than copies configured).
 */
export function wantedReplication(wish: ReplicationWish, brokers: number): Replication {
  if (!Number.isInteger(brokers) || brokers < 1)
    throw new RangeError(`The cluster has no broker (${brokers})`);
  const replicationFactor = wish.replicationFactor ?? Math.min(3, brokers);
  if (!Number.isInteger(replicationFactor) || replicationFactor < 1)
    throw new RangeError(`Invalid replication factor ${replicationFactor}`);
  const minInsync = wish.minInsyncReplicas;
  // Against the factor configured, or the default's 3: fewer brokers shown lower both (topicReplication).
  const most = wish.replicationFactor ?? 3;
  if (minInsync !== undefined && (!Number.isInteger(minInsync) || minInsync < 1 || minInsync > most)) {
    throw new RangeError(
      `min.insync.replicas must be from 1 to the replication factor ${most} (got ${minInsync})`,
    );
  }
  const minInsyncReplicas = Math.min(minInsync ?? (replicationFactor >= 3 ? 2 : 1), replicationFactor);
  return { replicationFactor, minInsyncReplicas };
}

/**
 * The replication a new topic is created with, chosen from the brokers the cluster shows then: the wanted one
 * (wantedReplication), with no more copies than brokers and no more in sync than copies (Kafka would refuse the
 * topic, or every append). When the configured values had to be lowered, `shortfall` says so, naming the
 * configured factor and the brokers seen: a cluster still coming up, or a broker down, leaves the topic with fewer
 * copies for good (Kafka adds none when brokers join; kafka-reassign-partitions does).
 */
export function topicReplication(
  wish: ReplicationWish,
  brokers: number,
  topic = 'packets',
): Replication & { shortfall: string | null } {
  const wanted = wantedReplication(wish, brokers);
  const replicationFactor = Math.min(wanted.replicationFactor, brokers);
  const minInsyncReplicas = Math.min(
    wish.minInsyncReplicas ?? (replicationFactor >= 3 ? 2 : 1),
    replicationFactor,
  );
  const lowered: string[] = [];
  if (replicationFactor < wanted.replicationFactor)
    lowered.push(
      `KAFKA_REPLICATION_FACTOR is ${wanted.replicationFactor} but the cluster shows ${brokers} broker${brokers === 1 ? '' : 's'}: ` +
        `the topic ${topic} is created with ${replicationFactor} replica${replicationFactor === 1 ? '' : 's'} per partition`,
    );
  if (wish.minInsyncReplicas !== undefined && minInsyncReplicas < wish.minInsyncReplicas)
    lowered.push(`KAFKA_MIN_INSYNC_REPLICAS ${wish.minInsyncReplicas} is lowered to ${minInsyncReplicas}`);
  return {
    replicationFactor,
    minInsyncReplicas,
    shortfall:
      lowered.length === 0
        ? null
        : `${lowered.join('; ')}. Kafka adds no replica by itself when brokers join: reassign the partitions (kafka-reassign-partitions) once they are up`,
  };
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

/**
 * The CreateTopics entry for the packet log: delete (not compact) cleanup, so retention is by time only, and the
 * producer's timestamps kept (CreateTime, whatever the broker's log.message.timestamp.type): a migrated record
 * keeps its original append time.
 */
export function topicConfig(settings: TopicSettings): ITopicConfig {
  if (!settings.topic) throw new RangeError('The packet topic needs a name');
  if (!Number.isInteger(settings.partitions) || settings.partitions < 1) {
    throw new RangeError(`Invalid partition count ${settings.partitions}`);
  }
  const configEntries = [
    { name: 'cleanup.policy', value: 'delete' },
    { name: 'message.timestamp.type', value: 'CreateTime' },
  ];
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
