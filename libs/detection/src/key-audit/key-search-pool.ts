import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { KeySearchResult, KeySearchTask } from '@lorawatch/detectors/app-keys/key-search';

/** Where AppKey searches run: off the event loop that ingests, detects and answers the API. */
export interface KeySearchPool {
  readonly threads: number;
  /** Rejects when the thread running it dies (it is replaced) or the pool is closed. */
  search(task: KeySearchTask): Promise<KeySearchResult>;
  /** Ends the threads; searches still running or waiting reject. */
  close(): Promise<void>;
}

/**
 * The worker module: the compiled .js beside this file in the built server, the .ts source under the test
 * runner or tsx (started through ts-worker.js, which registers tsx in the thread first).
 */
export function keySearchWorkerFile(): string {
  const compiled = join(__dirname, 'key-search.worker.js');
  return existsSync(compiled) ? compiled : join(__dirname, 'key-search.worker.ts');
}

export interface PiscinaKeySearchPoolOptions {
  threads: number;
  /** The module whose default export runs a task; the real worker unless a test needs one that misbehaves. */
  workerFile?: string;
}

/**
 * A fixed number of worker threads (piscina), started on the first search and then kept: a server that sees
 * no join request starts none. A thread that crashes is replaced by the pool and its search rejects.
 */
export class PiscinaKeySearchPool implements KeySearchPool {
  private readonly logger = new Logger('KeyAudit');
  private readonly workerFile: string;
  private pool: Piscina<KeySearchTask, KeySearchResult> | null = null;
  private closed = false;

  constructor(options: PiscinaKeySearchPoolOptions) {
    this.threads = options.threads;
    this.workerFile = options.workerFile ?? keySearchWorkerFile();
  }

  readonly threads: number;

  search(task: KeySearchTask): Promise<KeySearchResult> {
    if (this.closed) return Promise.reject(new Error('The AppKey search pool is closed'));
    return this.started().run(task);
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private started(): Piscina<KeySearchTask, KeySearchResult> {
    if (this.pool !== null) return this.pool;
    const fromSources = this.workerFile.endsWith('.ts');
    const pool = new Piscina<KeySearchTask, KeySearchResult>({
      filename: fromSources ? join(__dirname, 'ts-worker.js') : this.workerFile,
      workerData: fromSources ? { tsWorker: this.workerFile } : undefined,
      minThreads: this.threads,
      // As many threads at rest as at work: starting a thread costs more than a search.
      maxThreads: this.threads,
    });
    // A thread that dies with no task on it would otherwise be an unhandled 'error' event.
    pool.on('error', (error: unknown) => this.logger.warn(`AppKey search thread failed: ${String(error)}`));
    this.pool = pool;
    return pool;
  }
}
