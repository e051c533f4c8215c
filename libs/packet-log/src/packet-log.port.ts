import { packetKey, type Packet } from '@lorawatch/domain/packet';

/**
 * What a collector appends for its data source when it has no packet to append (docs/architecture.md §9): every
 * heartbeat interval while it is connected and nothing else was appended during that interval, and while it is
 * not connected. It tells the detectors how far the collector's clock moved on while the network sent nothing, so
 * a quiet data source's silences are judged from the log alone, never from a clock read at detection time.
 */
export interface Heartbeat {
  kind: 'heartbeat';
  /** Deterministic (`heartbeat:<dataSourceId>:<at>`), so a re-delivered append is recognised like a packet's. */
  id: string;
  organizationId: number;
  dataSourceId: number;
  /** The collector's clock when it appended the heartbeat, ISO 8601 UTC, stamped once (the `receivedAt` clock). */
  at: string;
  /** Whether the collector was connected to the network (broker or stream) then. */
  connected: boolean;
}

/** What the packet log holds: the collectors' packets and their data sources' heartbeats. */
export type LogEntry = Packet | Heartbeat;

export function isHeartbeat(entry: LogEntry): entry is Heartbeat {
  return 'kind' in entry && entry.kind === 'heartbeat';
}

export function heartbeatId(dataSourceId: number, at: string): string {
  return `heartbeat:${dataSourceId}:${at}`;
}

/** Partition key: a packet's (packetKey); a data source's heartbeats all share one, so they stay in order. */
export function entryKey(entry: LogEntry): string {
  return isHeartbeat(entry) ? `${entry.dataSourceId}:heartbeat` : packetKey(entry);
}

/** The data source of a record from its partition key (entryKey: `<data source>:…`), without reading the record. */
export function dataSourceOfEntryKey(key: string): number {
  return Number(key.slice(0, key.indexOf(':')));
}

/** Where a record sits in the log, whatever it holds. */
export interface RecordPlace {
  partition: number;
  /** 0-based offset inside the partition. */
  offset: number;
  key: string;
  /** Append time, ISO 8601 (a migrated record's original append time: AppendOptions.timestamps). */
  timestamp: string;
}

/** A packet as the log holds it. */
export interface PacketRecord extends RecordPlace {
  packet: Packet;
}

export interface HeartbeatRecord extends RecordPlace {
  heartbeat: Heartbeat;
}

/**
 * A record of the log. Logs written before heartbeats existed hold packet records only, and read as before.
 * Readers that want packets only keep those `isPacketRecord` accepts.
 */
export type LogRecord = PacketRecord | HeartbeatRecord;

export function isPacketRecord(record: LogRecord): record is PacketRecord {
  return 'packet' in record;
}

/** The record of an entry at a place. */
export function logRecord(place: RecordPlace, entry: LogEntry): LogRecord {
  return isHeartbeat(entry) ? { ...place, heartbeat: entry } : { ...place, packet: entry };
}

export interface AppendOutcome {
  /** False when a packet with the same id is already in the log (re-delivery); nothing was written. */
  appended: boolean;
  partition: number;
  offset: number;
}

export interface AppendOptions {
  /**
   * The time each record keeps as its append time (`RecordPlace.timestamp`: Kafka's CreateTime, the embedded log's
   * column), one ISO 8601 time per entry in the order given: a migrated copy keeps its original's, so retention and
   * prune judge it by when it was first appended. Unset: the time of this append.
   */
  timestamps?: readonly string[];
}

/**
 * The times of AppendOptions.timestamps as milliseconds, checked (one valid time per entry); null when none is
 * given. Refuses before anything is written.
 */
export function appendTimes(
  entries: readonly LogEntry[],
  options: AppendOptions | undefined,
): number[] | null {
  const timestamps = options?.timestamps;
  if (timestamps === undefined) return null;
  if (timestamps.length !== entries.length)
    throw new RangeError(`${timestamps.length} timestamps given for ${entries.length} entries`);
  return timestamps.map((timestamp, index) => {
    const millis = Date.parse(timestamp);
    if (Number.isNaN(millis) || millis < 0)
      throw new RangeError(`Invalid timestamp "${timestamp}" for entry ${entries[index].id}`);
    return millis;
  });
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
export type BatchHandler = (batch: LogRecord[], context: BatchContext) => Promise<void>;

export interface BatchContext {
  partition: number;
  /**
   * The partition's end offset as the read that gave the batch saw it, when the engine tells it without another
   * call (Kafka's high watermark): a batch ending below it is known not to be the last. The end may have moved since.
   */
  end?: number;
}

export interface Consumer {
  /** Partitions this consumer reads now (a group's assignment changes as members come and go). */
  assignedPartitions(): number[];
  /** Resolves when every partition's committed offset has reached the end of the log as of now. */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Packet log port, shaped on Kafka semantics: an append-only log split into partitions by key,
 * read by consumer groups that commit offsets, with time-based retention. It holds the collectors' packets and
 * their heartbeats (LogEntry).
 */
export interface PacketLog {
  readonly partitions: number;
  partitionFor(key: string): number;
  /**
   * Writes the packets (and heartbeats) as one batch: one transaction on the embedded log (all or nothing), one
   * producer send on Kafka. Resolves once every entry is stored, with one outcome per entry in the order given; an
   * entry whose id is already in the log, or earlier in the same batch, is not written again and gets the place of
   * that copy. After a failure the batch can be appended again as it is: what was already written is recognised.
   * `GroupAppender` gathers concurrent callers' entries into such batches.
   */
  append(entries: LogEntry[], options?: AppendOptions): Promise<AppendOutcome[]>;
  read(partition: number, fromOffset: number, maxCount: number): Promise<LogRecord[]>;
  /** Next offset to be written in each partition (end of log). */
  endOffsets(): Promise<number[]>;
  committedOffsets(group: string): Promise<number[]>;
  commit(group: string, partition: number, nextOffset: number): Promise<void>;
  consume(options: ConsumeOptions, handler: BatchHandler): Consumer;
  /** The packet with this id; null when there is none (a heartbeat's id included). */
  getById(id: string): Promise<Packet | null>;
  /** Deletes records older than the given time; returns how many were removed. */
  prune(olderThan: string): Promise<number>;
  close(): Promise<void>;
}

export const PACKET_LOG = Symbol('PACKET_LOG');

/** What a record holds. */
export function entryOf(record: LogRecord): LogEntry {
  return isPacketRecord(record) ? record.packet : record.heartbeat;
}

/** The packets of some records, in order, without the heartbeats. */
export function packetsOf(records: readonly LogRecord[]): Packet[] {
  return records.filter(isPacketRecord).map((record) => record.packet);
}
