import type { EachBatchPayload, Kafka } from 'kafkajs';
import { KafkaReader } from './kafka-reader';

/**
 * kafkajs sets a consumer's group up again after a crash (the broker lost): meanwhile `pause`, `seek` and `resume`
 * throw "Consumer group was not initialized". The client is the edge here, so it is replaced by a small stand-in
 * that behaves like that: a reader whose first start met such a moment must not stay broken.
 */
class RestartingConsumer {
  /** Calls of pause/seek/resume that throw, as while the group is set up again. */
  notInitialized = 0;
  private eachBatch: ((payload: EachBatchPayload) => Promise<void>) | null = null;
  private seekTo = 0;

  constructor(private readonly messages: number) {}

  async connect(): Promise<void> {}
  async subscribe(): Promise<void> {}
  async disconnect(): Promise<void> {}
  async run(options: { eachBatch: (payload: EachBatchPayload) => Promise<void> }): Promise<void> {
    this.eachBatch = options.eachBatch;
  }
  pause(): void {
    this.check();
  }
  seek({ offset }: { offset: string }): void {
    this.check();
    this.seekTo = Number(offset);
  }
  resume(): void {
    this.check();
    const offsets = Array.from({ length: this.messages - this.seekTo }, (_unused, i) => this.seekTo + i);
    const batch = {
      partition: 0,
      highWatermark: String(this.messages),
      messages: offsets.map((offset) => ({ offset: String(offset), key: null, value: null, timestamp: '0' })),
      lastOffset: () => String(this.messages - 1),
    };
    const payload = {
      batch,
      isStale: () => false,
      resolveOffset: () => undefined,
      heartbeat: async () => undefined,
    } as unknown as EachBatchPayload;
    setImmediate(() => void this.eachBatch?.(payload));
  }

  private check(): void {
    if (this.notInitialized > 0) {
      this.notInitialized -= 1;
      throw new Error('Consumer group was not initialized, consumer#run must be called first');
    }
  }
}

describe('a Kafka reader whose consumer group is being set up again', () => {
  it('starts another consumer for that read, and reads', async () => {
    const consumers: RestartingConsumer[] = [];
    const kafka = {
      consumer: () => {
        const consumer = new RestartingConsumer(5);
        // The first consumer meets the group being set up again right after `run`.
        if (consumers.length === 0) consumer.notInitialized = 1;
        consumers.push(consumer);
        return consumer;
      },
    } as unknown as Kafka;
    const reader = new KafkaReader(kafka, 'packets', 'test-', 5_000);

    expect((await reader.read(0, 0, 5)).map((message) => message.offset)).toEqual(['0', '1', '2', '3', '4']);
    expect(consumers).toHaveLength(2);
    expect((await reader.read(0, 2, 5)).map((message) => message.offset)).toEqual(['2', '3', '4']);
    expect(consumers).toHaveLength(2);
    await reader.close();
  });

  it('fails the read when every start meets it, and the next read starts again', async () => {
    const consumers: RestartingConsumer[] = [];
    const kafka = {
      consumer: () => {
        const consumer = new RestartingConsumer(5);
        if (consumers.length < 3) consumer.notInitialized = 1;
        consumers.push(consumer);
        return consumer;
      },
    } as unknown as Kafka;
    const reader = new KafkaReader(kafka, 'packets', 'test-', 5_000);

    await expect(reader.read(0, 0, 5)).rejects.toThrow('Consumer group was not initialized');
    expect(consumers).toHaveLength(3);
    expect((await reader.read(0, 2, 5)).map((message) => message.offset)).toEqual(['2', '3', '4']);
    expect(consumers).toHaveLength(4);
    await reader.close();
  });

  it('fails a read whose seek meets the group being set up again, and reads on with the same consumer', async () => {
    const consumer = new RestartingConsumer(4);
    const kafka = { consumer: () => consumer } as unknown as Kafka;
    const reader = new KafkaReader(kafka, 'packets', 'test-', 5_000);
    expect((await reader.read(0, 0, 4)).map((message) => message.offset)).toEqual(['0', '1', '2', '3']);

    consumer.notInitialized = 1;
    await expect(reader.read(0, 1, 4)).rejects.toThrow('Consumer group was not initialized');
    expect((await reader.read(0, 1, 4)).map((message) => message.offset)).toEqual(['1', '2', '3']);
    await reader.close();
  });
});
