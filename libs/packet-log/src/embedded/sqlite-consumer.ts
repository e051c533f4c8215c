import { isBusy } from '@lorawatch/sqlite/busy-retry';
import type { WakeSignal } from '@lorawatch/sqlite/wake-signal';
import type { BatchHandler, ConsumeOptions, Consumer, LogRecord } from '../packet-log.port';

/** Pause after the file's write lock could not be had in time (SQLITE_BUSY), before reading on. */
const BUSY_PAUSE_MS = 1000;

/** What a consumer needs from the log. */
export interface ConsumerSource {
  read(partition: number, fromOffset: number, maxCount: number): LogRecord[];
  endOffset(partition: number): number;
  committed(group: string, partition: number): number;
  /** Commits only forwards, so a handler that already committed the same offset with its own write is kept. */
  advance(group: string, partition: number, nextOffset: number): void;
  readonly appended: WakeSignal;
}

export interface ConsumerSettings {
  partitions: number[];
  pollIntervalMs: number;
  onError: (error: unknown) => void;
  onStopped: (consumer: SqliteConsumer) => void;
}

interface DrainedWaiter {
  targets: Map<number, number>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const DEFAULT_MAX_BATCH = 256;

/**
 * One loop per consumer: a batch per owned partition in turn, committed after the handler resolves
 * (at-least-once). A throwing handler stops the consumer without committing that batch; its owner starts it
 * again (SupervisedConsumer).
 * Do not await stop() from inside the handler: stop() waits for the current batch.
 */
export class SqliteConsumer implements Consumer {
  private stopping = false;
  private failure: { error: unknown } | null = null;
  private waiters: DrainedWaiter[] = [];
  private readonly finished: Promise<void>;

  constructor(
    private readonly source: ConsumerSource,
    private readonly options: ConsumeOptions,
    private readonly handler: BatchHandler,
    private readonly settings: ConsumerSettings,
  ) {
    this.finished = this.run();
  }

  assignedPartitions(): number[] {
    return [...this.settings.partitions];
  }

  drained(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.error);
    const targets = new Map(this.settings.partitions.map((p) => [p, this.source.endOffset(p)]));
    if (this.reached(targets)) return Promise.resolve();
    if (this.stopping) return Promise.reject(new Error('Consumer stopped before draining'));
    return new Promise((resolve, reject) => this.waiters.push({ targets, resolve, reject }));
  }

  async stop(): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      // Wakes every loop waiting on the log's signal, this one included; the others just re-check.
      this.source.appended.notify();
    }
    await this.finished;
    this.rejectWaiters(new Error('Consumer stopped before draining'));
    this.settings.onStopped(this);
  }

  private async run(): Promise<void> {
    const { group } = this.options;
    const maxBatch = this.options.maxBatch ?? DEFAULT_MAX_BATCH;
    try {
      while (!this.stopping) {
        const seen = this.source.appended.version;
        let delivered = false;
        for (const partition of this.settings.partitions) {
          if (this.stopping) break;
          // End before read: every offset below it was written before the read, so it is either read or pruned.
          const end = this.source.endOffset(partition);
          const from = this.source.committed(group, partition);
          if (from >= end) continue;
          const batch = this.source.read(partition, from, maxBatch);
          if (batch.length === 0) {
            // Retention removed the rest of the partition: move past it, as Kafka resets to the log start.
            this.source.advance(group, partition, end);
            continue;
          }
          await this.handler(batch, { partition, end });
          this.source.advance(group, partition, batch[batch.length - 1].offset + 1);
          delivered = true;
          this.resolveReached();
        }
        if (!delivered) {
          this.resolveReached();
          await this.source.appended.wait(this.settings.pollIntervalMs, seen);
          const linger = this.options.lingerMs ?? 0;
          if (linger > 0 && !this.stopping) await new Promise((resolve) => setTimeout(resolve, linger));
        }
      }
    } catch (error) {
      if (isBusy(error) && !this.stopping) {
        // The batch was not committed: after a pause it is read again from the committed offset.
        await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
        return this.run();
      }
      this.failure = { error };
      this.stopping = true;
      this.settings.onError(error);
      this.rejectWaiters(error);
    }
  }

  private reached(targets: Map<number, number>): boolean {
    for (const [partition, end] of targets) {
      if (this.source.committed(this.options.group, partition) < end) return false;
    }
    return true;
  }

  private resolveReached(): void {
    const reached = this.waiters.filter((waiter) => this.reached(waiter.targets));
    this.waiters = this.waiters.filter((waiter) => !reached.includes(waiter));
    for (const waiter of reached) waiter.resolve();
  }

  private rejectWaiters(error: unknown): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(error);
  }
}
