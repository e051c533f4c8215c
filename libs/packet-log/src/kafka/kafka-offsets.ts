/**
 * Kafka speaks offsets as decimal strings (64-bit) and commits "the next offset to read"; the port uses numbers
 * and the same "next offset" meaning, so the arithmetic is only about parsing, the -1 sentinel and batches.
 */

/** Parses an offset Kafka returned; refuses what a JS number cannot hold exactly. */
export function fromKafkaOffset(text: string): number {
  if (!/^-?\d+$/.test(text)) throw new RangeError(`Invalid Kafka offset "${text}"`);
  const offset = Number(text);
  if (!Number.isSafeInteger(offset)) throw new RangeError(`Kafka offset ${text} is beyond 2^53`);
  return offset;
}

export function toKafkaOffset(offset: number): string {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`Invalid offset ${offset}`);
  return String(offset);
}

/** A group that never committed a partition gets -1 from Kafka; the port says it starts at 0. */
export function committedFromKafka(text: string): number {
  const offset = fromKafkaOffset(text);
  return offset < 0 ? 0 : offset;
}

/** Per-partition numbers in partition order, for exactly `partitions` partitions (absent ones are `absent`). */
export function byPartition(
  entries: Array<{ partition: number; offset: number }>,
  partitions: number,
  absent = 0,
): number[] {
  const result = new Array<number>(partitions).fill(absent);
  for (const { partition, offset } of entries) {
    if (partition >= 0 && partition < partitions) result[partition] = offset;
  }
  return result;
}

/** The offset to commit once a batch is handled: one past its last record (Kafka's committed = next to read). */
export function commitAfter(batchOffsets: string[]): number {
  if (batchOffsets.length === 0) throw new RangeError('An empty batch has no commit offset');
  return fromKafkaOffset(batchOffsets[batchOffsets.length - 1]) + 1;
}

/** Splits a fetched Kafka batch into handler batches of at most maxBatch records, in order. */
export function chunk<T>(items: T[], maxBatch: number): T[][] {
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(`Invalid batch size ${maxBatch}`);
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += maxBatch)
    chunks.push(items.slice(index, index + maxBatch));
  return chunks;
}

export interface SentPartition {
  partition: number;
  errorCode: number;
  baseOffset?: string;
}

/**
 * Offsets of the messages of one produce call: Kafka answers one base offset per partition, and the messages
 * of one partition were written in call order from that base.
 */
export function placeSentMessages(partitionsInOrder: number[], sent: SentPartition[]): number[] {
  const next = new Map<number, number>();
  for (const entry of sent) {
    if (entry.errorCode !== 0) {
      throw new Error(`Kafka refused the append to partition ${entry.partition} (error ${entry.errorCode})`);
    }
    if (entry.baseOffset === undefined)
      throw new Error(`Kafka gave no offset for partition ${entry.partition}`);
    next.set(entry.partition, fromKafkaOffset(entry.baseOffset));
  }
  return partitionsInOrder.map((partition) => {
    const offset = next.get(partition);
    if (offset === undefined) throw new Error(`Kafka gave no offset for partition ${partition}`);
    next.set(partition, offset + 1);
    return offset;
  });
}

/**
 * What read(partition, from, maxCount) must fetch: records below the log start are gone (retention), so reading
 * starts at the later of `from` and the log start, as the embedded log returns the first records at or after
 * `from`. Null when there is nothing to read. Offsets are dense because the producer writes no transaction markers.
 */
export function readRange(
  from: number,
  maxCount: number,
  low: number,
  high: number,
): { start: number; end: number } | null {
  if (maxCount <= 0) return null;
  const start = Math.max(from, low);
  const end = Math.min(high, start + maxCount);
  return start < end ? { start, end } : null;
}

/**
 * Partitions whose committed offset is below the log start: retention removed what they had left, so the group
 * moves to the log start (as the embedded log does), else a drained() would wait for records that no longer exist.
 */
export function gapCommits(
  partitions: number[],
  committed: number[],
  low: number[],
): Array<{ partition: number; offset: number }> {
  return partitions
    .filter((partition) => (committed[partition] ?? 0) < (low[partition] ?? 0))
    .map((partition) => ({ partition, offset: low[partition] }));
}

/** True when every target partition's committed offset reached the end noted for it. */
export function reachedEnds(targets: Map<number, number>, committed: number[]): boolean {
  for (const [partition, end] of targets) {
    if ((committed[partition] ?? 0) < end) return false;
  }
  return true;
}

/**
 * Where each partition's log must start after pruning: Kafka's offset-for-time is the first record at or after
 * the cutoff (every earlier record is older), or the end when there is none. Never moves a start backwards.
 * Returns the new starts and how many records that removes.
 */
export function pruneTargets(
  low: number[],
  firstAtOrAfterCutoff: number[],
): { deletions: Array<{ partition: number; offset: number }>; removed: number } {
  const deletions: Array<{ partition: number; offset: number }> = [];
  let removed = 0;
  low.forEach((start, partition) => {
    const target = firstAtOrAfterCutoff[partition] ?? start;
    if (target > start) {
      deletions.push({ partition, offset: target });
      removed += target - start;
    }
  });
  return { deletions, removed };
}

/**
 * Fetch settings for a linger: Kafka batches idle arrivals by making the broker hold a fetch until enough bytes
 * arrived (fetch.min.bytes) or the wait (fetch.max.wait) elapsed. Without linger, any byte answers at once.
 */
export function fetchSettings(lingerMs: number | undefined): { minBytes: number; maxWaitTimeInMs: number } {
  const linger = lingerMs ?? 0;
  if (!Number.isFinite(linger) || linger < 0) throw new RangeError(`Invalid lingerMs ${lingerMs}`);
  return linger > 0
    ? { minBytes: 64 * 1024, maxWaitTimeInMs: linger }
    : { minBytes: 1, maxWaitTimeInMs: 100 };
}
