import type { Admin } from 'kafkajs';
import { byPartition, committedFromKafka, fromKafkaOffset } from './kafka-offsets';

/** Log start (low) and end (high, next offset to write) of every partition. */
export async function fetchWatermarks(
  admin: Admin,
  topic: string,
  partitions: number,
): Promise<{ low: number[]; high: number[] }> {
  const offsets = await admin.fetchTopicOffsets(topic);
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
  const answer = await admin.fetchOffsets({ groupId, topics: [topic] });
  const entries = (answer.find((entry) => entry.topic === topic)?.partitions ?? []).map((entry) => ({
    partition: entry.partition,
    offset: committedFromKafka(entry.offset),
  }));
  return byPartition(entries, partitions);
}
