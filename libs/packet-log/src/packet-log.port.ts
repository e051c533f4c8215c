import type { Packet } from '@lorawatch/domain/packet';

/**
 * Packet log port, shaped on Kafka semantics: an append-only log split into partitions by key,
 * read by consumer groups that commit offsets, with time-based retention.
 */
export interface PacketRecord {
  partition: number;
  /** 0-based offset inside the partition. */
  offset: number;
  key: string;
  /** Append time, ISO 8601. */
  timestamp: string;
  packet: Packet;
}

export interface AppendOutcome {
  /** False when a packet with the same id is already in the log (re-delivery); nothing was written. */
  appended: boolean;
  partition: number;
  offset: number;
}

export interface ConsumeOptions {
  group: string;
  /** Partitions this consumer owns; all partitions by default. */
  partitions?: number[];
  maxBatch?: number;
  /**
   * After waiting idle for new records, wait this long before reading so that records arriving one by one are
   * handled in batches (Kafka's fetch.max.wait). Default 0.
   */
  lingerMs?: number;
}

/**
 * The handler processes a batch of one partition, in offset order. The offset after the batch is
 * committed only once the handler resolves (at-least-once). `commit` lets the handler commit the
 * offset atomically with its own state write (embedded engines), in which case the log does not commit again.
 */
export type BatchHandler = (batch: PacketRecord[], context: { partition: number }) => Promise<void>;

export interface Consumer {
  /** Partitions this consumer reads now (a group's assignment changes as members come and go). */
  assignedPartitions(): number[];
  /** Resolves when every partition's committed offset has reached the end of the log as of now. */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

export interface PacketLog {
  readonly partitions: number;
  partitionFor(key: string): number;
  /**
   * Writes the packets as one batch: one transaction on the embedded log (all or nothing), one producer send on
   * Kafka. Resolves once every packet is stored, with one outcome per packet in the order given; a packet whose id
   * is already in the log, or earlier in the same batch, is not written again and gets the place of that copy.
   * After a failure the batch can be appended again as it is: what was already written is recognised.
   * `GroupAppender` gathers concurrent callers' packets into such batches.
   */
  append(packets: Packet[]): Promise<AppendOutcome[]>;
  read(partition: number, fromOffset: number, maxCount: number): Promise<PacketRecord[]>;
  /** Next offset to be written in each partition (end of log). */
  endOffsets(): Promise<number[]>;
  committedOffsets(group: string): Promise<number[]>;
  commit(group: string, partition: number, nextOffset: number): Promise<void>;
  consume(options: ConsumeOptions, handler: BatchHandler): Consumer;
  getById(id: string): Promise<Packet | null>;
  /** Deletes records older than the given time; returns how many were removed. */
  prune(olderThan: string): Promise<number>;
  close(): Promise<void>;
}

export const PACKET_LOG = Symbol('PACKET_LOG');
