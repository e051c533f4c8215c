import { randomUUID } from 'node:crypto';
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { fromKafkaOffset, toKafkaOffset } from './kafka-offsets';
import type { RawMessage } from './kafka-messages';

interface PendingRead {
  partition: number;
  start: number;
  end: number;
  messages: RawMessage[];
  resolve: (messages: RawMessage[]) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

/** What one fetched batch brings to a read of [start, end). */
export interface BatchTake {
  /** Offsets of the batch's messages that belong to the read, in order. */
  taken: number[];
  /** The offset to resolve, so the next fetch starts after the batch instead of fetching it again; null: none. */
  resolve: number | null;
  /** The read has all it can get: the end of the range or the end of the partition was reached. */
  done: boolean;
}

/**
 * A fetch returns at most one fetch's worth of a partition (1 MiB by default, never across a log segment), so a
 * read may take several batches. Each batch is resolved up to its last offset: kafkajs then fetches from the next
 * offset. Without it (eachBatchAutoResolve off) it fetches the same batch again and the read never gets further.
 */
export function takeBatch(
  range: { start: number; end: number },
  offsets: number[],
  lastOffset: number,
  highWatermark: number,
): BatchTake {
  const taken = offsets.filter((offset) => offset >= range.start && offset < range.end);
  const last = offsets.length > 0 ? Math.max(lastOffset, offsets[offsets.length - 1]) : lastOffset;
  return {
    taken,
    resolve: last >= 0 ? last : null,
    done: last + 1 >= range.end || highWatermark <= last + 1,
  };
}

/** Starts of the reader's consumer that meet its group being set up again, before a read fails. */
const START_ATTEMPTS = 3;
const START_RETRY_MS = 300;

/** kafkajs' answer to pause, seek and resume while it sets a consumer's group up again after a crash. */
function isGroupBeingSetUp(error: unknown): boolean {
  return error instanceof Error && error.message.includes('Consumer group was not initialized');
}

/**
 * Random access to the topic. kafkajs reads only through a running group consumer, so the reader is one consumer
 * in a private group (never committing) with every partition paused; a read seeks the partition, resumes it until
 * the wanted offsets arrived, and pauses it again. Reads are serialised: one partition moves at a time.
 */
export class KafkaReader {
  private consumer: Consumer | null = null;
  private starting: Promise<Consumer> | null = null;
  private pending: PendingRead | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly kafka: Kafka,
    private readonly topic: string,
    private readonly groupPrefix: string,
    private readonly timeoutMs: number,
  ) {}

  /** Raw messages with offsets in [start, end), in order; the caller computed the range from the watermarks. */
  read(partition: number, start: number, end: number): Promise<RawMessage[]> {
    const next = this.queue.then(() => this.readNow(partition, start, end));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    const consumer = this.consumer ?? (await this.starting?.catch(() => null));
    this.consumer = null;
    await consumer?.disconnect();
  }

  private async readNow(partition: number, start: number, end: number): Promise<RawMessage[]> {
    if (this.closed) throw new Error('The packet log is closed');
    const consumer = await this.start();
    return new Promise<RawMessage[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.finish(
          new Error(`Reading partition ${partition} from ${start} timed out after ${this.timeoutMs} ms`),
        );
      }, this.timeoutMs);
      this.pending = { partition, start, end, messages: [], resolve, reject, timer };
      try {
        consumer.seek({ topic: this.topic, partition, offset: toKafkaOffset(start) });
        consumer.resume([{ topic: this.topic, partitions: [partition] }]);
      } catch (error) {
        // The consumer's group is being set up again (kafkajs restarts it after a broker loss): this read fails,
        // the next one tries again.
        this.finish(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** The reader's consumer, started once; a start that failed (the broker away) is tried again by the next read. */
  private start(): Promise<Consumer> {
    this.starting ??= this.startAgainWhileGroupSetUp().catch((error: unknown) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  /**
   * A start whose group join crashed (its coordinator still being placed on a fresh broker, or moving) meets kafkajs
   * setting the group up again: a new consumer is started, a few times, before the read fails.
   */
  private async startAgainWhileGroupSetUp(): Promise<Consumer> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.startConsumer();
      } catch (error) {
        if (attempt >= START_ATTEMPTS || this.closed || !isGroupBeingSetUp(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS));
      }
    }
  }

  private async startConsumer(): Promise<Consumer> {
    const consumer = this.kafka.consumer({
      groupId: `${this.groupPrefix}reader-${randomUUID()}`,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: 50,
    });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [this.topic], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: (payload) => this.onBatch(payload),
      });
      // Paused before the group join completes, so nothing is fetched until a read asks for it. kafkajs refuses a
      // pause while it sets the group up again after a crash (the broker away): then the start fails and is retried.
      consumer.pause([{ topic: this.topic }]);
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
    this.consumer = consumer;
    return consumer;
  }

  private async onBatch({ batch, isStale, resolveOffset, heartbeat }: EachBatchPayload): Promise<void> {
    const pending = this.pending;
    if (!pending || batch.partition !== pending.partition || isStale()) return;
    const offsets = batch.messages.map((message) => fromKafkaOffset(message.offset));
    const last = batch.messages.length > 0 ? fromKafkaOffset(batch.lastOffset()) : -1;
    const take = takeBatch(pending, offsets, last, fromKafkaOffset(batch.highWatermark));
    const wanted = new Set(take.taken);
    for (const message of batch.messages) {
      if (wanted.has(fromKafkaOffset(message.offset))) pending.messages.push(message);
    }
    // The next fetch of this partition starts after this batch (the reader never commits: nothing is stored).
    if (take.resolve !== null) resolveOffset(toKafkaOffset(take.resolve));
    if (take.done) this.finish(null);
    else await heartbeat();
  }

  private finish(error: Error | null): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    try {
      this.consumer?.pause([{ topic: this.topic, partitions: [pending.partition] }]);
    } catch {
      // The group is being set up again: nothing is fetched until it is, and a read seeks what it needs.
    }
    if (error) pending.reject(error);
    else pending.resolve(pending.messages);
  }
}
