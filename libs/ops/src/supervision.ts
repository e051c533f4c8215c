import { Logger } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';

/** How a stopped consumer or subscription is started again. */
export interface RestartPolicy {
  /** Pause before the first restart (default 1 s); each further failure in a row doubles it. */
  initialDelayMs?: number;
  /** Longest pause between restarts (default 60 s). */
  maxDelayMs?: number;
  /** Attempts after which one record that keeps failing is set aside (default 5). */
  poisonAttempts?: number;
}

export const DEFAULT_RESTART_DELAY_MS = 1000;
export const DEFAULT_MAX_RESTART_DELAY_MS = 60_000;
export const DEFAULT_POISON_ATTEMPTS = 5;

/** Pause before restart number `failures` (1-based): the initial delay doubled each time, up to the maximum. */
export function restartDelay(failures: number, policy: RestartPolicy = {}): number {
  const initial = policy.initialDelayMs ?? DEFAULT_RESTART_DELAY_MS;
  const max = policy.maxDelayMs ?? DEFAULT_MAX_RESTART_DELAY_MS;
  return Math.min(max, initial * 2 ** Math.max(0, failures - 1));
}

/** A consumer or subscription that stopped on an error and waits for its restart. */
export interface DownWorker {
  name: string;
  since: string;
  error: string;
  /** Failures in a row so far. */
  failures: number;
}

/**
 * The process's consumers and subscriptions that are down, for /health, with the restart and set-aside counters.
 * One per process (it lives on Metrics, which every runner is given).
 */
export class ConsumerHealth {
  private readonly logger = new Logger('Supervision');
  private readonly down = new Map<string, DownWorker>();

  constructor(
    private readonly restartCounter: Counter<'group'>,
    private readonly poisonCounter: Counter<'group'>,
    private readonly downGauge: Gauge<'group'>,
    private readonly fencedCounter: Counter<'consumer'>,
  ) {}

  /** The workers down now, oldest failure first. */
  downWorkers(): DownWorker[] {
    return [...this.down.values()].sort((a, b) => a.since.localeCompare(b.since));
  }

  failed(name: string, error: unknown, failures: number, retryInMs: number): void {
    const since = this.down.get(name)?.since ?? new Date().toISOString();
    const message = describe(error);
    this.down.set(name, { name, since, error: message, failures });
    this.downGauge.set({ group: name }, 1);
    this.logger.error(
      `${name} stopped (failure ${failures} in a row): ${message}; restarting in ${retryInMs} ms`,
    );
  }

  restarted(name: string): void {
    this.restartCounter.inc({ group: name });
  }

  /** The worker handled something again after a restart. */
  recovered(name: string): void {
    if (!this.down.delete(name)) return;
    this.downGauge.set({ group: name }, 0);
    this.logger.log(`${name} recovered`);
  }

  /** A record that failed every attempt was skipped; `where` says which (partition and offset, or position). */
  setAside(name: string, where: string, error: unknown): void {
    this.poisonCounter.inc({ group: name });
    this.logger.error(`${name}: record at ${where} set aside after repeated failures: ${describe(error)}`);
  }

  /**
   * A batch's checkpoint commit was refused: another consumer moved the checkpoint on since it was read (it took
   * the partition over). Not a failure of the records: the batch is read again from the stored checkpoint.
   */
  fenced(name: string, where: string, error: unknown): void {
    this.fencedCounter.inc({ consumer: name });
    this.logger.warn(
      `${name}: commit at ${where} fenced, reading again from the stored checkpoint: ${describe(error)}`,
    );
  }

  /** Stops tracking a worker that was stopped on purpose. */
  forget(name: string): void {
    if (this.down.delete(name)) this.downGauge.set({ group: name }, 0);
  }
}

/**
 * What /health answers once the process is ready: 'degraded' and not ready (503) while any consumer or subscription
 * is down and waiting for its restart, so an orchestrator sees a stall instead of a healthy process that does nothing.
 */
export function withConsumerHealth<
  T extends { ready: boolean; status: string; details: Record<string, unknown> },
>(
  status: T,
  health: ConsumerHealth,
  elsewhere: readonly DownWorker[] = [],
): T | (Omit<T, 'status'> & { status: 'degraded' }) {
  const down = [...health.downWorkers(), ...elsewhere];
  if (down.length === 0 || status.status !== 'ready') return status;
  return { ...status, ready: false, status: 'degraded', details: { ...status.details, down } };
}

/** A ConsumerHealth that only logs: its counters belong to no registry (for runners given no Metrics). */
export function loggingHealth(): ConsumerHealth {
  const counter = (name: string) => new Counter({ name, help: name, labelNames: ['group'], registers: [] });
  return new ConsumerHealth(
    counter('lorawatch_consumer_restarts_total'),
    counter('lorawatch_poison_records_total'),
    new Gauge({ name: 'lorawatch_consumer_down', help: 'down', labelNames: ['group'], registers: [] }),
    new Counter({
      name: 'lorawatch_checkpoint_fenced_total',
      help: 'fenced',
      labelNames: ['consumer'],
      registers: [],
    }),
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
