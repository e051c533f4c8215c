import type { Packet } from '@lorawatch/domain/packet';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { retryWhileBusy } from '@lorawatch/sqlite/busy-retry';
import { WakeSignal, wakeChannel } from '@lorawatch/sqlite/wake-signal';
import type {
  AppendOptions,
  AppendOutcome,
  BatchHandler,
  ConsumeOptions,
  Consumer,
  LogEntry,
  LogRecord,
  PacketLog,
} from '../packet-log.port';
import { appendTimes, entryKey, isHeartbeat } from '../packet-log.port';
import { partitionForKey } from './murmur2';
import { PACKET_LOG_SCHEMA, toLogRecord, type PacketRow } from './packet-rows';
import { SqliteConsumer, type ConsumerSource } from './sqlite-consumer';

export interface SqlitePacketLogOptions {
  partitions?: number;
  /** Records older than this are deleted, checked at most once an hour while appending. */
  retentionDays?: number;
  /** How often idle consumers look for appends made by another process; appends here wake them at once. */
  pollIntervalMs?: number;
  /** Receives the error of a consumer handler that threw (the consumer then stops). Default: console.error. */
  onError?: (error: unknown) => void;
  /** close() also closes the connection; set when the log opened the file itself. */
  ownsDatabase?: boolean;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
const RETENTION_CHECK_MS = 3_600_000;

/** Kafka-like packet log on SQLite (see packet-rows.ts). */
export class SqlitePacketLog implements PacketLog {
  static open(file: string, options: SqlitePacketLogOptions = {}): SqlitePacketLog {
    return new SqlitePacketLog(openDatabase(file), { ...options, ownsDatabase: true });
  }

  readonly partitions: number;
  private readonly appended: WakeSignal;
  private readonly consumers = new Set<SqliteConsumer>();
  private readonly statements: ReturnType<typeof prepareStatements>;
  private lastRetentionCheck = 0;

  constructor(
    private readonly db: Database,
    private readonly options: SqlitePacketLogOptions = {},
  ) {
    this.appended = new WakeSignal(wakeChannel(db.name, 'packets'));
    this.partitions = options.partitions ?? 4;
    partitionForKey('', this.partitions); // validates the count
    db.exec(PACKET_LOG_SCHEMA);
    this.statements = prepareStatements(db);
    this.createPartitions();
  }

  partitionFor(key: string): number {
    return partitionForKey(key, this.partitions);
  }

  async append(entries: LogEntry[], options?: AppendOptions): Promise<AppendOutcome[]> {
    const now = this.now().toISOString();
    const times = appendTimes(entries, options);
    const outcomes = await retryWhileBusy(() =>
      this.db
        .transaction(() =>
          entries.map((entry, index) =>
            this.appendOne(entry, times ? new Date(times[index]).toISOString() : now),
          ),
        )
        .immediate(),
    );
    if (outcomes.some((outcome) => outcome.appended)) this.appended.notify();
    this.applyRetention();
    return outcomes;
  }

  async read(partition: number, fromOffset: number, maxCount: number): Promise<LogRecord[]> {
    return this.readNow(partition, fromOffset, maxCount);
  }

  async endOffsets(): Promise<number[]> {
    return this.partitionList().map((partition) => this.endOffset(partition));
  }

  async committedOffsets(group: string): Promise<number[]> {
    return this.partitionList().map((partition) => this.committed(group, partition));
  }

  async commit(group: string, partition: number, nextOffset: number): Promise<void> {
    this.statements.commit.run(group, this.checkPartition(partition), nextOffset);
  }

  consume(options: ConsumeOptions, handler: BatchHandler): Consumer {
    const partitions = (options.partitions ?? this.partitionList()).map((p) => this.checkPartition(p));
    const consumer = new SqliteConsumer(this.source(), options, handler, {
      partitions,
      pollIntervalMs: this.options.pollIntervalMs ?? 250,
      onError: this.options.onError ?? ((error) => console.error('Packet log consumer stopped:', error)),
      onStopped: (stopped) => this.consumers.delete(stopped),
    });
    this.consumers.add(consumer);
    return consumer;
  }

  async getById(id: string): Promise<Packet | null> {
    const row = this.statements.packetById.get(id);
    if (!row) return null;
    const entry = JSON.parse(row.packet) as LogEntry;
    return isHeartbeat(entry) ? null : entry;
  }

  async prune(olderThan: string): Promise<number> {
    return this.statements.prune.run(new Date(olderThan).toISOString()).changes;
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.stop()));
    this.appended.close();
    if (this.options.ownsDatabase && this.db.open) this.db.close();
  }

  private appendOne(entry: LogEntry, timestamp: string): AppendOutcome {
    const existing = this.statements.placeOf.get(entry.id);
    if (existing) return { appended: false, partition: existing.partition, offset: existing.offset };
    const key = entryKey(entry);
    const partition = this.partitionFor(key);
    const offset = this.statements.takeOffset.get(partition)?.offset;
    if (offset === undefined) throw new Error(`Packet log partition ${partition} is missing`);
    this.statements.insert.run(partition, offset, entry.id, key, timestamp, JSON.stringify(entry));
    return { appended: true, partition, offset };
  }

  /** Retention piggybacks on appends: no timer to manage, and an idle log has nothing new to expire. */
  private applyRetention(): void {
    const { retentionDays } = this.options;
    const now = this.now().getTime();
    if (retentionDays === undefined || now - this.lastRetentionCheck < RETENTION_CHECK_MS) return;
    this.lastRetentionCheck = now;
    this.statements.prune.run(new Date(now - retentionDays * DAY_MS).toISOString());
  }

  private createPartitions(): void {
    const existing = this.statements.partitionCount.get()?.count ?? 0;
    // Fewer partitions than stored would hide records; more is allowed, as in Kafka (keys then move).
    if (existing > this.partitions) {
      throw new Error(
        `The packet log has ${existing} partitions; it cannot be opened with ${this.partitions}`,
      );
    }
    this.db.transaction(() => {
      for (const partition of this.partitionList()) this.statements.createPartition.run(partition);
    })();
  }

  private source(): ConsumerSource {
    return {
      read: (partition, fromOffset, maxCount) => this.readNow(partition, fromOffset, maxCount),
      endOffset: (partition) => this.endOffset(partition),
      committed: (group, partition) => this.committed(group, partition),
      advance: (group, partition, nextOffset) =>
        void this.statements.advance.run(group, partition, nextOffset),
      appended: this.appended,
    };
  }

  private readNow(partition: number, fromOffset: number, maxCount: number): LogRecord[] {
    return this.statements.read.all(partition, fromOffset, maxCount).map(toLogRecord);
  }

  private endOffset(partition: number): number {
    return this.statements.endOffset.get(partition)?.next_offset ?? 0;
  }

  private committed(group: string, partition: number): number {
    return this.statements.committed.get(group, partition)?.next_offset ?? 0;
  }

  private partitionList(): number[] {
    return Array.from({ length: this.partitions }, (_, partition) => partition);
  }

  private checkPartition(partition: number): number {
    if (!Number.isInteger(partition) || partition < 0 || partition >= this.partitions) {
      throw new RangeError(`Partition ${partition} is outside 0..${this.partitions - 1}`);
    }
    return partition;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

function prepareStatements(db: Database) {
  return {
    partitionCount: db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM packet_partitions'),
    createPartition: db.prepare<[number]>(
      'INSERT OR IGNORE INTO packet_partitions (partition, next_offset) VALUES (?, 0)',
    ),
    takeOffset: db.prepare<[number], { offset: number }>(
      `UPDATE packet_partitions SET next_offset = next_offset + 1 WHERE partition = ?
       RETURNING next_offset - 1 AS offset`,
    ),
    endOffset: db.prepare<[number], { next_offset: number }>(
      'SELECT next_offset FROM packet_partitions WHERE partition = ?',
    ),
    placeOf: db.prepare<[string], { partition: number; offset: number }>(
      'SELECT partition, "offset" FROM packets WHERE id = ?',
    ),
    insert: db.prepare<[number, number, string, string, string, string]>(
      'INSERT INTO packets (partition, "offset", id, key, timestamp, packet) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    read: db.prepare<[number, number, number], PacketRow>(
      `SELECT partition, "offset", key, timestamp, packet FROM packets
       WHERE partition = ? AND "offset" >= ? ORDER BY "offset" LIMIT ?`,
    ),
    packetById: db.prepare<[string], { packet: string }>('SELECT packet FROM packets WHERE id = ?'),
    prune: db.prepare<[string]>('DELETE FROM packets WHERE timestamp < ?'),
    committed: db.prepare<[string, number], { next_offset: number }>(
      'SELECT next_offset FROM packet_offsets WHERE group_id = ? AND partition = ?',
    ),
    commit: db.prepare<[string, number, number]>(
      `INSERT INTO packet_offsets (group_id, partition, next_offset) VALUES (?, ?, ?)
       ON CONFLICT (group_id, partition) DO UPDATE SET next_offset = excluded.next_offset`,
    ),
    advance: db.prepare<[string, number, number]>(
      `INSERT INTO packet_offsets (group_id, partition, next_offset) VALUES (?, ?, ?)
       ON CONFLICT (group_id, partition) DO UPDATE SET next_offset = MAX(next_offset, excluded.next_offset)`,
    ),
  };
}
