import { Logger } from '@nestjs/common';
import {
  packetsOf,
  type Consumer,
  type LogRecord,
  type PacketLog,
} from '@lorawatch/packet-log/packet-log.port';
import { SetAsideOffsets } from '@lorawatch/ops/set-aside-records';
import type { ConsumerHealth } from '@lorawatch/ops/supervision';
import { consumeSupervised } from '@lorawatch/packet-log/supervised-consumer';
import type { Clock } from '@lorawatch/platform/clock';
import {
  CheckpointFencedError,
  type Doc,
  type ReadStore,
  type WriteOp,
} from '@lorawatch/read-store/read-store.port';
import {
  RECENT_PACKET_CURSORS,
  RECENT_PACKETS,
  recentPacketOps,
  type RecentPacketCursor,
} from './recent-packets';
import { deviceDayIds, tallyTraffic } from './tally-traffic';
import {
  DEVICE_DAYS,
  TRAFFIC_COLLECTIONS,
  TRAFFIC_DAYS,
  TRAFFIC_HOURS,
  type DeviceDay,
  TRAFFIC_GROUP,
  trafficCheckpoint,
} from './traffic.view';

/** As long as the packet log keeps packets. */
export const TRAFFIC_RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;
const PRUNE_INTERVAL_MS = 3_600_000;
const PRUNE_CHUNK = 1000;
/** Packets arriving one by one are counted in batches: one commit per batch for ~50 ms of delay on the charts. */
const LINGER_MS = 50;
/**
 * A backlog (a first start on an existing log, a restart after downtime) is counted in large batches: each batch
 * writes a data source's ring slots and device-days once however many of its packets touch them.
 */
const MAX_BATCH = 5000;

/** The first day the counters keep, `YYYY-MM-DD`. */
export function retentionStart(now: Date): string {
  return new Date(now.getTime() - TRAFFIC_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10);
}

export interface TrafficCountersOptions {
  /** Partitions this consumer owns; all when unset. Device-day documents assume one consumer for all of them. */
  partitions?: number[];
  /** Where the consumer is reported down and its fenced commits counted (/health, metrics); logged when absent. */
  health?: ConsumerHealth;
}

/**
 * Builds the traffic counters and the recent-packets ring from the packet log, in its own consumer group.
 * Per partition batch, the writes and the partition's next offset are committed in one read-store transaction;
 * records below the stored offset are skipped, so a batch delivered again after a crash or a restart (the log's
 * own commit comes after ours: at-least-once) is never counted twice.
 */
export class TrafficCounters {
  private readonly logger = new Logger('TrafficCounters');
  private consumer: Consumer | null = null;
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly packets: PacketLog,
    private readonly store: ReadStore,
    private readonly clock: Clock,
    private readonly options: TrafficCountersOptions = {},
  ) {
    for (const spec of [...TRAFFIC_COLLECTIONS, RECENT_PACKETS, RECENT_PACKET_CURSORS])
      store.collection(spec);
  }

  start(): void {
    if (this.consumer) return;
    const setAside = new SetAsideOffsets(this.store, TRAFFIC_GROUP);
    // Restarted from the committed offsets after a failure; a record that fails every attempt is skipped.
    this.consumer = consumeSupervised(
      this.packets,
      { group: TRAFFIC_GROUP, partitions: this.options.partitions, lingerMs: LINGER_MS, maxBatch: MAX_BATCH },
      (batch, { partition }) => this.inTurn(() => this.count(batch, partition)),
      {
        name: TRAFFIC_GROUP,
        health: this.options.health,
        // A fenced commit: another instance moved the partition on; read again from its checkpoint.
        refused: (error) => error instanceof CheckpointFencedError,
        setAside: (record, partition, error) =>
          this.inTurn(() =>
            setAside.setAside(partition, record.offset, null, error, {
              name: trafficCheckpoint(partition),
              position: record.offset + 1,
            }),
          ),
      },
    );
    this.timer = setInterval(() => void this.prune().catch((error) => this.report(error)), PRUNE_INTERVAL_MS);
    this.timer.unref();
    void this.prune().catch((error) => this.report(error));
  }

  async drained(): Promise<void> {
    await this.consumer?.drained();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.consumer?.stop();
    this.consumer = null;
    await this.turn;
  }

  /** Drops the buckets retention has passed. Public for tests. */
  prune(): Promise<void> {
    return this.inTurn(async () => {
      const keepFrom = retentionStart(this.clock.now());
      await this.deleteAll(TRAFFIC_HOURS.name, 'hour', `${keepFrom}T00:00:00.000Z`);
      await this.deleteAll(TRAFFIC_DAYS.name, 'day', keepFrom);
      await this.deleteAll(DEVICE_DAYS.name, 'day', keepFrom);
    });
  }

  private async count(batch: LogRecord[], partition: number): Promise<void> {
    const checkpoint = trafficCheckpoint(partition);
    const next = await this.store.checkpoint(checkpoint);
    const fresh = batch.filter((record) => record.offset >= next);
    if (fresh.length === 0) return;
    // Heartbeats are no traffic; a batch of them only moves the checkpoint.
    const pending = packetsOf(fresh);
    const ids = deviceDayIds(pending);
    const stored = ids.length
      ? await this.store.collection<DeviceDay>(DEVICE_DAYS).find({ id: { $in: ids } })
      : [];
    const sources = [...new Set(pending.map((packet) => String(packet.dataSourceId)))];
    const cursors = await this.store
      .collection<RecentPacketCursor>(RECENT_PACKET_CURSORS)
      .find({ id: { $in: sources } });
    const ops: WriteOp[] = [
      ...tallyTraffic(pending, new Map(stored.map((doc) => [doc.id, doc])), retentionStart(this.clock.now())),
      ...recentPacketOps(pending, new Map(cursors.map((cursor) => [Number(cursor.id), cursor.next]))),
    ];
    // Fenced on the checkpoint read above: an instance that stalled past its session must not count twice.
    try {
      await this.store.commit(ops, {
        name: checkpoint,
        position: batch[batch.length - 1].offset + 1,
        expected: next,
      });
    } catch (error) {
      if (error instanceof CheckpointFencedError)
        this.options.health?.fenced(TRAFFIC_GROUP, `partition ${partition}`, error);
      throw error;
    }
  }

  /** Deletes every document whose `field` is before `before`, a chunk at a time. */
  private async deleteAll(collection: string, field: 'hour' | 'day', before: string): Promise<void> {
    const documents = this.store.collection<Doc>({ name: collection });
    for (;;) {
      // Sorted by the field the filter ranges over, so the store walks that field's index (by id it would scan
      // every document of the collection to find none: half a second per prune on a store of 150,000 device days).
      const expired = await documents.find(
        { [field]: { $lt: before } },
        { sort: [[field, 'asc']], limit: PRUNE_CHUNK },
      );
      if (expired.length === 0) return;
      await this.store.commit(expired.map((doc) => ({ op: 'delete', collection, id: doc.id })));
    }
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  private report(error: unknown): void {
    this.logger.error(`Pruning failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
