import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { ScratchBuildResult, ScratchBuildTask } from './build-read-models';

/** What a build answers: the scratch file, a time outside the history, or why it failed. */
export type ScratchBuildOutcome = { built: ScratchBuildResult } | { outside: string } | { failure: string };

/**
 * The worker file that builds the product's read models as of a time (its default export takes a ScratchBuildTask
 * and answers a ScratchBuildOutcome). The process wires it in: only the composition knows every read model.
 */
export const SCRATCH_BUILD_WORKER = Symbol('SCRATCH_BUILD_WORKER');

export interface ScratchBuildPoolOptions {
  /** The worker's file: compiled .js, or .ts under the test runner or tsx (started through ts-worker.js). */
  workerFile?: string;
  /** Heap a build thread may use before it is stopped (default 512 MB). */
  maxHeapMb?: number;
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
  private readonly workerFile: string | undefined;
  private readonly maxHeapMb: number;

  constructor(options: ScratchBuildPoolOptions = {}) {
    this.workerFile = options.workerFile;
    this.maxHeapMb = options.maxHeapMb ?? 512;
  }

  async build(task: ScratchBuildTask, signal?: AbortSignal): Promise<ScratchBuildOutcome> {
    if (this.closed) throw new Error('The scratch build pool is closed');
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
    if (this.workerFile === undefined) throw new Error('no scratch build worker is wired into this process');
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
