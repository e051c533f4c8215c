import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { ChainLogScope } from '@lorawatch/event-store/chain/chain-link-log';
import type { ChainVerification } from '@lorawatch/event-store/chain/event-chain';

/**
 * One walk, described in plain data for the thread: the embedded store's file, or a KurrentDB server (its
 * connection string and the store's scope there), whose `$all` the thread reads against the chain's links.
 */
export type ChainVerifyTask =
  | { kind: 'embedded'; databaseFile: string }
  | ({ kind: 'kurrent'; connectionString: string } & ChainLogScope);

/**
 * What a walk answers: the verification, or why it could not run (no store file, no chain yet, the server not
 * reachable).
 */
export type ChainVerifyOutcome = { verification: ChainVerification } | { failure: string };

/** What runs the walks: the pool below; a test may run the thread's task in place to see what it was given. */
export interface ChainVerifyRunner {
  verify(task: ChainVerifyTask): Promise<ChainVerifyOutcome>;
  close(): Promise<void>;
}

/**
 * The thread's file for the store's kind: the embedded walk's, or the KurrentDB walk's (which alone loads the
 * KurrentDB client). The compiled .js beside this file in the built server, the .ts source under the test runner
 * or tsx (started through ts-worker.js, which registers tsx in the thread first).
 */
export function chainVerifyWorkerFile(kind: ChainVerifyTask['kind'] = 'embedded'): string {
  const name = kind === 'kurrent' ? 'kurrent-chain-verify.worker' : 'chain-verify.worker';
  const compiled = join(__dirname, `${name}.js`);
  return existsSync(compiled) ? compiled : join(__dirname, `${name}.ts`);
}

/**
 * One worker thread (piscina) for walks of the event chain, which read and hash every chained event: they never
 * run on the event loop that answers the API. The thread starts with the first walk and ends after a minute idle;
 * a KurrentDB walk opens its own connection in the thread and closes it at the end.
 */
export class ChainVerifyPool implements ChainVerifyRunner {
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
