import type { Admin, Consumer as KafkaJsConsumer, EachBatchPayload, Kafka, Offsets } from 'kafkajs';
import type { BatchHandler, ConsumeOptions, Consumer } from '../packet-log.port';
import { decodePacketMessages, type RejectedMessage } from './kafka-messages';
import { fetchCommitted, fetchWatermarks } from './kafka-admin';
import { chunk, commitAfter, fetchSettings, gapCommits, reachedEnds, toKafkaOffset } from './kafka-offsets';
import { packetLogAssigners } from './pinned-assigner';

export interface KafkaConsumerSettings {
  kafka: Kafka;
  admin: Admin;
  topic: string;
  /** The Kafka group id (the port's group with the log's prefix). */
  groupId: string;
  partitions: number;
  /** Partitions asked for; null: whatever the group assigns. */
  owned: number[] | null;
  pollIntervalMs: number;
  /** How old the member's topic metadata may get: partitions added to the topic are dealt within about this. */
  metadataMaxAgeMs: number;
  /** A member silent for this long is out of the group (kafkajs' sessionTimeout). */
  sessionTimeoutMs: number;
  onError: (error: unknown) => void;
  onRejected: (rejected: RejectedMessage[]) => void;
  onStopped: (consumer: KafkaGroupConsumer) => void;
}

const DEFAULT_MAX_BATCH = 256;

/**
 * A member of a Kafka consumer group: eachBatch with autoCommit off; each handler batch (a Kafka batch cut to
 * maxBatch) is committed once the handler resolved (at-least-once). A throwing handler stops the consumer
 * without committing that batch, as the embedded consumer does; its owner starts a new one (SupervisedConsumer).
 */
export class KafkaGroupConsumer implements Consumer {
  private readonly consumer: KafkaJsConsumer;
  private readonly started: Promise<void>;
  private failure: { error: unknown } | null = null;
  private stopRequested = false;
  private stopping: Promise<void> | null = null;
  private assigned = new Set<number>();
  /** Highest offset this member committed per partition, so a late gap commit never moves a group backwards. */
  private readonly localCommitted = new Map<number, number>();
  private readonly locks = new Map<number, Promise<unknown>>();
  private readonly wakers = new Set<() => void>();
  private readonly maxBatch: number;

  constructor(
    private readonly options: ConsumeOptions,
    private readonly handler: BatchHandler,
    private readonly settings: KafkaConsumerSettings,
  ) {
    this.maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    chunk([], this.maxBatch); // validates maxBatch before anything connects
    this.consumer = settings.kafka.consumer({
      groupId: settings.groupId,
      allowAutoTopicCreation: false,
      partitionAssigners: packetLogAssigners(settings.topic, settings.partitions, settings.owned),
      metadataMaxAge: settings.metadataMaxAgeMs,
      sessionTimeout: settings.sessionTimeoutMs,
      heartbeatInterval: Math.min(3_000, Math.floor(settings.sessionTimeoutMs / 3)),
      ...fetchSettings(options.lingerMs),
    });
    this.consumer.on(this.consumer.events.GROUP_JOIN, (event) => {
      this.assigned = new Set(event.payload.memberAssignment[settings.topic] ?? []);
    });
    this.consumer.on(this.consumer.events.REBALANCING, () => {
      this.assigned = new Set();
    });
    this.consumer.on(this.consumer.events.CRASH, (event) => {
      if (!event.payload.restart) this.fail(event.payload.error);
    });
    this.started = this.start().catch((error: unknown) => this.fail(error));
  }

  get group(): string {
    return this.options.group;
  }

  assignedPartitions(): number[] {
    return [...this.assigned].sort((a, b) => a - b);
  }

  owns(partition: number): boolean {
    return this.assigned.has(partition);
  }

  async drained(): Promise<void> {
    this.throwIfFailed();
    const partitions = this.settings.owned ?? range(this.settings.partitions);
    const watermarks = await this.watermarks();
    const targets = new Map(partitions.map((partition) => [partition, watermarks.high[partition]]));
    for (;;) {
      this.throwIfFailed();
      if (this.stopRequested) throw new Error('Consumer stopped before draining');
      let committed = await this.committed();
      const { low } = await this.watermarks();
      if (await this.skipGaps(committed, low)) committed = await this.committed();
      if (reachedEnds(targets, committed)) return;
      await this.wait(this.settings.pollIntervalMs);
    }
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.stopRequested = true;
      await this.started;
      // kafkajs lets the running eachBatch finish (and commit) before leaving the group.
      await this.consumer.disconnect();
      this.wake();
      this.settings.onStopped(this);
    })();
    return this.stopping;
  }

  /** A commit made by the handler itself (port: the handler may commit with its own write). */
  async commitFromHandler(partition: number, nextOffset: number): Promise<void> {
    await this.commitOffset(partition, nextOffset);
  }

  private async start(): Promise<void> {
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: [this.settings.topic], fromBeginning: true });
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.onBatch(payload),
    });
  }

  private onBatch(payload: EachBatchPayload): Promise<void> {
    return this.serial(payload.batch.partition, () => this.handleBatch(payload));
  }

  private async handleBatch({
    batch,
    resolveOffset,
    heartbeat,
    isStale,
    commitOffsetsIfNecessary,
  }: EachBatchPayload): Promise<void> {
    const { partition } = batch;
    for (const messages of chunk(batch.messages, this.maxBatch)) {
      // After stop() the batch being handled is finished, but no further one is started.
      if (this.failure || this.stopRequested || isStale()) return;
      const { records, rejected } = decodePacketMessages(partition, messages);
      if (rejected.length > 0) this.settings.onRejected(rejected);
      try {
        if (records.length > 0) await this.handler(records, { partition, end: highWatermark(batch) });
      } catch (error) {
        this.consumer.pause([{ topic: this.settings.topic }]);
        this.fail(error);
        // Stopping waits for this batch to return, so it is only requested here.
        setImmediate(() => void this.stop().catch(() => undefined));
        return;
      }
      const next = Math.max(
        commitAfter(messages.map((m) => m.offset)),
        this.localCommitted.get(partition) ?? 0,
      );
      resolveOffset(messages[messages.length - 1].offset);
      // The batch's own commit: consumer.commitOffsets is skipped once stop() began, and stop() must commit this.
      await this.commitOffset(partition, next, (offsets) => commitOffsetsIfNecessary(offsets));
      this.wake();
      await heartbeat();
      if (this.stopRequested) return;
    }
  }

  private async commitOffset(
    partition: number,
    nextOffset: number,
    inBatch?: (offsets: Offsets) => Promise<void>,
  ): Promise<void> {
    const entry = { partition, offset: toKafkaOffset(nextOffset) };
    if (inBatch) await inBatch({ topics: [{ topic: this.settings.topic, partitions: [entry] }] });
    else await this.consumer.commitOffsets([{ topic: this.settings.topic, ...entry }]);
    this.localCommitted.set(partition, Math.max(this.localCommitted.get(partition) ?? 0, nextOffset));
  }

  /** Commits the log start for assigned partitions left below it by retention; true when something moved. */
  private async skipGaps(committed: number[], low: number[]): Promise<boolean> {
    const gaps = gapCommits([...this.assigned], committed, low);
    let moved = false;
    for (const gap of gaps) {
      await this.serial(gap.partition, async () => {
        if (!this.owns(gap.partition) || (this.localCommitted.get(gap.partition) ?? 0) >= gap.offset) return;
        await this.commitOffset(gap.partition, gap.offset);
        moved = true;
      });
    }
    return moved;
  }

  private committed(): Promise<number[]> {
    const { admin, groupId, topic, partitions } = this.settings;
    return fetchCommitted(admin, groupId, topic, partitions);
  }

  private watermarks(): Promise<{ low: number[]; high: number[] }> {
    const { admin, topic, partitions } = this.settings;
    return fetchWatermarks(admin, topic, partitions);
  }

  /** Batches of a partition and gap commits of that partition run one after the other. */
  private serial<T>(partition: number, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(partition) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.locks.set(
      partition,
      next.catch(() => undefined),
    );
    return next;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = { error };
    this.settings.onError(error);
    this.wake();
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private wake(): void {
    for (const waker of [...this.wakers]) waker();
  }
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

/** The partition's end offset the fetch saw; undefined when the broker did not tell it. */
function highWatermark(batch: EachBatchPayload['batch']): number | undefined {
  const end = Number(batch.highWatermark);
  return Number.isSafeInteger(end) && end >= 0 ? end : undefined;
}
