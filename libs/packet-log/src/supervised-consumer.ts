import {
  DEFAULT_POISON_ATTEMPTS,
  loggingHealth,
  restartDelay,
  type ConsumerHealth,
  type RestartPolicy,
} from '@lorawatch/ops/supervision';
import type {
  BatchContext,
  BatchHandler,
  ConsumeOptions,
  Consumer,
  LogRecord,
  PacketLog,
} from './packet-log.port';

export interface Supervision {
  /** What /health and the metrics call this consumer (its group, as a rule). */
  name: string;
  /** Where it is reported down and counted; logged only when absent. */
  health?: ConsumerHealth;
  policy?: RestartPolicy;
  /**
   * Commits that the record is skipped, with the consumer's checkpoint past it, so that a replay skips it too.
   * Without it a failing record is retried (with back-off) for ever.
   */
  setAside?: (record: LogRecord, partition: number, error: unknown) => Promise<void>;
  /**
   * Tells the errors that refuse the batch as a whole, no record being at fault (a fenced checkpoint commit: another
   * consumer moved the partition on). The consumer is started again from its committed offsets after the initial
   * pause, without being reported down and without counting an attempt towards setting a record aside.
   */
  refused?: (error: unknown) => boolean;
}

interface Suspect {
  /** Offset of the record that failed, once a one-record delivery told which; null before. */
  offset: number | null;
  attempts: number;
}

interface Slot {
  consumer: Consumer | null;
  failed: boolean;
}

/**
 * A consumer that does not stay stopped: when the handler throws, the consumer (which stops without committing)
 * is started again from its committed offsets after a pause that doubles with each failure in a row (1 s to 60 s
 * by default). The partition that failed is then delivered one record at a time until the failing record is
 * known; after `poisonAttempts` failures that record is set aside (`setAside` commits the skip) and counted, and
 * the partition goes on. Meanwhile the consumer is reported down to `health` (/health answers 'degraded').
 * Failures inside the log itself (not the handler) are outside its reach.
 */
export class SupervisedConsumer implements Consumer {
  private current: Consumer;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private restarting: Promise<void> | null = null;
  private stopped = false;
  private readonly suspects = new Map<number, Suspect>();
  private readonly slots = new WeakMap<Consumer, Slot>();
  private nextStart: { promise: Promise<void>; resolve: () => void } = signal();
  private readonly health: ConsumerHealth;

  constructor(
    private readonly log: PacketLog,
    private readonly options: ConsumeOptions,
    private readonly handler: BatchHandler,
    private readonly supervision: Supervision,
  ) {
    this.health = supervision.health ?? loggingHealth();
    this.current = this.open();
  }

  assignedPartitions(): number[] {
    return this.current.assignedPartitions();
  }

  /** Waits through restarts: resolves once the consumer (the one running then) has reached the end of the log. */
  async drained(): Promise<void> {
    for (;;) {
      const consumer = this.current;
      const started = this.nextStart.promise;
      try {
        await consumer.drained();
        return;
      } catch (error) {
        // Only a consumer stopped by its handler's failure is started again; any other error is the caller's.
        if (this.stopped || !this.slots.get(consumer)?.failed) throw error;
        if (consumer === this.current) await started;
        if (this.stopped) throw error;
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.restarting;
    await this.current.stop().catch(() => undefined);
    this.health.forget(this.supervision.name);
    this.nextStart.resolve();
  }

  private open(): Consumer {
    const slot: Slot = { consumer: null, failed: false };
    slot.consumer = this.log.consume(this.options, async (batch, context) => {
      try {
        await this.handle(batch, context);
      } catch (error) {
        this.failed(slot, error);
        throw error;
      }
    });
    this.slots.set(slot.consumer, slot);
    return slot.consumer;
  }

  private async handle(batch: LogRecord[], context: BatchContext): Promise<void> {
    const { partition } = context;
    const suspect = this.suspects.get(partition);
    if (!suspect) {
      try {
        await this.handler(batch, context);
      } catch (error) {
        if (this.supervision.refused?.(error)) throw error;
        this.suspects.set(partition, { offset: batch.length === 1 ? batch[0].offset : null, attempts: 1 });
        if (batch.length === 1) await this.giveUpIfPoison(batch[0], partition, error);
        else throw error;
      }
      this.succeeded();
      return;
    }
    for (const record of batch) {
      try {
        await this.handler([record], context);
      } catch (error) {
        if (this.supervision.refused?.(error)) throw error;
        if (suspect.offset === record.offset) suspect.attempts += 1;
        else Object.assign(suspect, { offset: record.offset, attempts: 1 });
        await this.giveUpIfPoison(record, partition, error);
      }
    }
    this.suspects.delete(partition);
    this.succeeded();
  }

  /** Sets the record aside when it failed every attempt; rethrows the error otherwise. */
  private async giveUpIfPoison(record: LogRecord, partition: number, error: unknown): Promise<void> {
    const { setAside, policy, name } = this.supervision;
    const attempts = this.suspects.get(partition)?.attempts ?? 0;
    if (!setAside || attempts < (policy?.poisonAttempts ?? DEFAULT_POISON_ATTEMPTS)) throw error;
    await setAside(record, partition, error);
    this.health.setAside(name, `partition ${partition} offset ${record.offset}`, error);
  }

  private succeeded(): void {
    if (this.failures === 0) return;
    this.failures = 0;
    this.health.recovered(this.supervision.name);
  }

  private failed(slot: Slot, error: unknown): void {
    if (slot.failed || this.stopped) return;
    slot.failed = true;
    const refused = this.supervision.refused?.(error) === true;
    if (!refused) this.failures += 1;
    const delay = restartDelay(refused ? 1 : this.failures, this.supervision.policy);
    if (!refused) this.health.failed(this.supervision.name, error, this.failures, delay);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.restarting = this.restart(slot).finally(() => (this.restarting = null));
    }, delay);
  }

  private async restart(slot: Slot): Promise<void> {
    // The failed consumer has stopped its loop already; stop() waits for it and releases what it holds.
    await slot.consumer?.stop().catch(() => undefined);
    if (this.stopped) return;
    this.health.restarted(this.supervision.name);
    this.current = this.open();
    const started = this.nextStart;
    this.nextStart = signal();
    started.resolve();
  }
}

function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** `log.consume` under supervision (see SupervisedConsumer). */
export function consumeSupervised(
  log: PacketLog,
  options: ConsumeOptions,
  handler: BatchHandler,
  supervision: Supervision,
): Consumer {
  return new SupervisedConsumer(log, options, handler, supervision);
}
