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
      consumer.seek({ topic: this.topic, partition, offset: toKafkaOffset(start) });
      consumer.resume([{ topic: this.topic, partitions: [partition] }]);
    });
  }

  private start(): Promise<Consumer> {
    this.starting ??= (async () => {
      const consumer = this.kafka.consumer({
        groupId: `${this.groupPrefix}reader-${randomUUID()}`,
        allowAutoTopicCreation: false,
        maxWaitTimeInMs: 50,
      });
      await consumer.connect();
      await consumer.subscribe({ topics: [this.topic], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: (payload) => this.onBatch(payload),
      });
      // Paused before the group join completes, so nothing is fetched until a read asks for it.
      consumer.pause([{ topic: this.topic }]);
      this.consumer = consumer;
      return consumer;
    })();
    return this.starting;
  }

  private async onBatch({ batch, isStale }: EachBatchPayload): Promise<void> {
    const pending = this.pending;
    if (!pending || batch.partition !== pending.partition || isStale()) return;
    for (const message of batch.messages) {
      const offset = fromKafkaOffset(message.offset);
      if (offset >= pending.start && offset < pending.end) pending.messages.push(message);
    }
    const last = batch.messages.length > 0 ? fromKafkaOffset(batch.lastOffset()) : -1;
    const high = fromKafkaOffset(batch.highWatermark);
    if (last + 1 >= pending.end || high <= last + 1) this.finish(null);
  }

  private finish(error: Error | null): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    this.consumer?.pause([{ topic: this.topic, partitions: [pending.partition] }]);
    if (error) pending.reject(error);
    else pending.resolve(pending.messages);
  }
}
