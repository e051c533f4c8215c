import type { Admin } from 'kafkajs';
import { byPartition, committedFromKafka, fromKafkaOffset } from './kafka-offsets';

/**
 * What a partition answers while its leader is being placed: right after the topic was created or grown (a KRaft
 * broker applies the controller's metadata a moment after CreateTopics returned) and during a leader election.
 * kafkajs retries some of these itself, but not in `fetchTopicOffsets` nor in `createTopics`' wait for leaders.
 * The same holds for a group's coordinator (the leader of its partition of `__consumer_offsets`), being placed on
 * a fresh broker or moving: `fetchOffsets` is not retried either.
 */
const LEADER_MOVING = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'LEADER_NOT_AVAILABLE',
  'NOT_LEADER_FOR_PARTITION',
  'NOT_COORDINATOR_FOR_GROUP',
  'GROUP_COORDINATOR_NOT_AVAILABLE',
  'GROUP_LOAD_IN_PROGRESS',
]);

export function isLeaderMoving(error: unknown): boolean {
  if (!(error instanceof Error) || !('type' in error)) return false;
  return typeof error.type === 'string' && LEADER_MOVING.has(error.type);
}

/** Runs `action` again (every `delayMs`, up to `attempts` times) while it fails because a leader is being placed. */
export async function whileLeaderMoves<T>(
  action: () => Promise<T>,
  { attempts = 50, delayMs = 100 }: { attempts?: number; delayMs?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await action();
    } catch (error) {
      if (attempt >= attempts || !isLeaderMoving(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/** Log start (low) and end (high, next offset to write) of every partition. */
export async function fetchWatermarks(
  admin: Admin,
  topic: string,
  partitions: number,
): Promise<{ low: number[]; high: number[] }> {
  const offsets = await whileLeaderMoves(() => admin.fetchTopicOffsets(topic));
  const pick = (side: 'low' | 'high'): number[] =>
    byPartition(
      offsets.map((entry) => ({ partition: entry.partition, offset: fromKafkaOffset(entry[side]) })),
      partitions,
    );
  return { low: pick('low'), high: pick('high') };
}

/** A group's committed offsets (next offset to read), 0 where it never committed. */
export async function fetchCommitted(
  admin: Admin,
  groupId: string,
  topic: string,
  partitions: number,
): Promise<number[]> {
  const answer = await whileLeaderMoves(() => admin.fetchOffsets({ groupId, topics: [topic] }));
  const entries = (answer.find((entry) => entry.topic === topic)?.partitions ?? []).map((entry) => ({
    partition: entry.partition,
    offset: committedFromKafka(entry.offset),
  }));
  return byPartition(entries, partitions);
}
