import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { ScratchBuildResult, ScratchBuildTask } from './build-read-models';

/** What a build answers: the scratch file, a time outside the history, or why it failed. */
export type ScratchBuildOutcome = { built: ScratchBuildResult } | { outside: string } | { failure: string };

export interface ScratchBuildPoolOptions {
  workerFile?: string;
  /** Heap a build thread may use before it is stopped (default 512 MB). */
  maxHeapMb?: number;
}

/**
 * The compiled .js beside this file in the built server, the .ts source under the test runner or tsx (started
 * through ts-worker.js, which registers tsx in the thread first).
 */
export function scratchBuildWorkerFile(): string {
  const compiled = join(__dirname, 'scratch-build.worker.js');
  return existsSync(compiled) ? compiled : join(__dirname, 'scratch-build.worker.ts');
}

/**
 * One worker thread (piscina) for scratch builds, which project the whole history up to a time: they never run
 * on the event loop that answers the API. A build can be stopped through its signal (the thread is ended) and a
 * thread that runs out of heap ends with an error; neither touches the server. The thread starts with the first
 * build and ends after a minute idle.
 */
export class ScratchBuildPool {
  private readonly logger = new Logger('History');
  private pool: Piscina<ScratchBuildTask, ScratchBuildOutcome> | null = null;
  private closed = false;
  private readonly workerFile: string;
  private readonly maxHeapMb: number;

  constructor(options: ScratchBuildPoolOptions = {}) {
    this.workerFile = options.workerFile ?? scratchBuildWorkerFile();
    this.maxHeapMb = options.maxHeapMb ?? 512;
  }

  build(task: ScratchBuildTask, signal?: AbortSignal): Promise<ScratchBuildOutcome> {
    if (this.closed) return Promise.reject(new Error('The scratch build pool is closed'));
    return this.started().run(task, signal ? { signal } : {});
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private started(): Piscina<ScratchBuildTask, ScratchBuildOutcome> {
    if (this.pool !== null) return this.pool;
    const fromSources = this.workerFile.endsWith('.ts');
    const pool = new Piscina<ScratchBuildTask, ScratchBuildOutcome>({
      filename: fromSources ? join(__dirname, 'ts-worker.js') : this.workerFile,
      workerData: fromSources ? { tsWorker: this.workerFile } : undefined,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    pool.on('error', (error: unknown) => this.logger.warn(`Scratch build thread failed: ${String(error)}`));
    this.pool = pool;
    return pool;
  }
}
