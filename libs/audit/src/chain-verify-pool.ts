import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { ChainVerification } from '@lorawatch/event-store/chain/event-chain';

export interface ChainVerifyTask {
  databaseFile: string;
}

/** What a walk answers: the verification, or why it could not run (no store file, no chain yet). */
export type ChainVerifyOutcome = { verification: ChainVerification } | { failure: string };

/**
 * The compiled .js beside this file in the built server, the .ts source under the test runner or tsx (started
 * through ts-worker.js, which registers tsx in the thread first).
 */
export function chainVerifyWorkerFile(): string {
  const compiled = join(__dirname, 'chain-verify.worker.js');
  return existsSync(compiled) ? compiled : join(__dirname, 'chain-verify.worker.ts');
}

/**
 * One worker thread (piscina) for walks of the event chain, which read every chained event: they never run on the
 * event loop that answers the API. The thread starts with the first walk and ends after a minute idle.
 */
export class ChainVerifyPool {
  private readonly logger = new Logger('Audit');
  private pool: Piscina<ChainVerifyTask, ChainVerifyOutcome> | null = null;
  private closed = false;

  constructor(private readonly workerFile: string = chainVerifyWorkerFile()) {}

  verify(task: ChainVerifyTask): Promise<ChainVerifyOutcome> {
    if (this.closed) return Promise.reject(new Error('The event chain verification pool is closed'));
    return this.started().run(task);
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private started(): Piscina<ChainVerifyTask, ChainVerifyOutcome> {
    if (this.pool !== null) return this.pool;
    const fromSources = this.workerFile.endsWith('.ts');
    const pool = new Piscina<ChainVerifyTask, ChainVerifyOutcome>({
      filename: fromSources ? join(__dirname, 'ts-worker.js') : this.workerFile,
      workerData: fromSources ? { tsWorker: this.workerFile } : undefined,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
    });
    pool.on('error', (error: unknown) =>
      this.logger.warn(`Event chain verification thread failed: ${String(error)}`),
    );
    this.pool = pool;
    return pool;
  }
}
