import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { WhatIfResult } from './what-if-result';
import type { WhatIfTask } from './what-if-run';

/** A run as a pool thread gets it: the task and the counters it writes its progress into. */
export interface WhatIfWorkerTask extends WhatIfTask {
  /** Two float64: packets read, packets total. */
  progress: SharedArrayBuffer;
}

/** What a run answers: the comparison, or why it failed. */
export type WhatIfOutcome = { result: WhatIfResult } | { failure: string };

export interface WhatIfPoolOptions {
  workerFile?: string;
  /** Heap a run's thread may use before it is stopped (default DEFAULT_MAX_HEAP_MB). */
  maxHeapMb?: number;
}

/** Counters shared with a run's thread: read while it runs. */
export function progressCounters(): SharedArrayBuffer {
  return new SharedArrayBuffer(2 * Float64Array.BYTES_PER_ELEMENT);
}

/**
 * The compiled .js beside this file in the built server, the .ts source under the test runner or tsx (started
 * through ts-worker.js, which registers tsx in the thread first).
 */
export function whatIfWorkerFile(): string {
  const compiled = join(__dirname, 'what-if.worker.js');
  return existsSync(compiled) ? compiled : join(__dirname, 'what-if.worker.ts');
}

/**
 * One worker thread (piscina) for what-if runs, which replay the whole packet log through the detectors: they never
 * run on the event loop that answers the API. A run is stopped through its signal (the thread is ended) and a thread
 * that runs out of heap ends with an error; neither touches the server. Runs asked for together wait their turn.
 * The thread starts with the first run and ends after a minute idle.
 */
/**
 * Heap of a run's thread by default: the detector states of every device of the data sources it replays stay in
 * memory (a million packets of 5,000 devices on two threads take about half of it).
 */
export const DEFAULT_MAX_HEAP_MB = 1024;
/**
 * The young generation of a run's thread: the detectors allocate a new state per packet and keep it until the
 * asset's next packet, and a larger nursery lets most of them die there instead of being copied and promoted
 * (measured for a million stored packets on two threads, bench f's store: 156 s → 134 s from the default to 96 MB;
 * 76.7 s → 63.5 s from 96 MB to 256 MB, the process's peak resident memory 1.31 → 1.64 GB).
 */
const YOUNG_GENERATION_MB = 256;

export class WhatIfPool {
  private readonly logger = new Logger('What if');
  private pool: Piscina<WhatIfWorkerTask, WhatIfOutcome> | null = null;
  private closed = false;
  private readonly inFlight = new Set<(error: unknown) => void>();
  private readonly workerFile: string;
  private readonly maxHeapMb: number;

  constructor(options: WhatIfPoolOptions = {}) {
    this.workerFile = options.workerFile ?? whatIfWorkerFile();
    this.maxHeapMb = options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB;
  }

  run(task: WhatIfWorkerTask, signal: AbortSignal): Promise<WhatIfOutcome> {
    if (this.closed) return Promise.reject(new Error('The what-if pool is closed'));
    const pool = this.started();
    return new Promise<WhatIfOutcome>((resolve, reject) => {
      // A thread that dies (out of heap) fails the run it held: piscina reports it as an error of the pool.
      const failed = (error: unknown) => {
        this.inFlight.delete(failed);
        reject(error);
      };
      this.inFlight.add(failed);
      pool.run(task, { signal }).then(
        (outcome) => {
          this.inFlight.delete(failed);
          resolve(outcome);
        },
        (error: unknown) => failed(error),
      );
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private started(): Piscina<WhatIfWorkerTask, WhatIfOutcome> {
    if (this.pool !== null) return this.pool;
    const fromSources = this.workerFile.endsWith('.ts');
    const pool = new Piscina<WhatIfWorkerTask, WhatIfOutcome>({
      filename: fromSources ? join(__dirname, 'ts-worker.js') : this.workerFile,
      workerData: fromSources ? { tsWorker: this.workerFile } : undefined,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
      // The share threads a run starts take the same limits (what-if-run.ts).
      resourceLimits: {
        maxOldGenerationSizeMb: this.maxHeapMb,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });
    pool.on('error', (error: unknown) => {
      this.logger.warn(`What-if thread failed: ${String(error)}`);
      // One thread: the run it held fails, and so do those waiting behind it (the pool starts afresh).
      const failed = [...this.inFlight];
      this.inFlight.clear();
      if (this.pool === pool) this.pool = null;
      void pool.destroy().catch(() => undefined);
      for (const fail of failed) fail(error);
    });
    this.pool = pool;
    return pool;
  }
}
