import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AppConfig } from '@lorawatch/config/app-config';
import type { DownWorker } from '@lorawatch/ops/supervision';
import type { ThreadMetrics, ThreadRole, ToParent, ToThread } from './thread-protocol';

const STOP_TIMEOUT_MS = 15_000;
const METRICS_TIMEOUT_MS = 2_000;
const MAX_RESTART_DELAY_MS = 30_000;
const START_ATTEMPTS = 5;

/**
 * The thread's entry, from the built app. Nest's dependency injection needs the compiler's decorator metadata, which
 * on-the-fly transpilers of the sources do not emit: from the sources, run the runtimes on one thread instead.
 */
function entry(): string {
  const compiled = join(__dirname, 'thread-main.js');
  if (!existsSync(compiled)) {
    throw new Error('Runtime threads need the built app ("npm run build"); or set STANDALONE_THREADS=0');
  }
  return compiled;
}

/**
 * One runtime (collector, detector or projector) in a worker thread of the standalone console. A thread that dies
 * is started again (after 1 s, then up to 30 s between tries): the others go on meanwhile, and the restarted
 * runtime resumes from what its part committed, as a restarted scale-out process does.
 */
export class RuntimeThread {
  private readonly logger: Logger;
  private worker: Worker | null = null;
  private ready = false;
  private stopping = false;
  private restartDelayMs = 1_000;
  private restartTimer: NodeJS.Timeout | null = null;
  private nextRequest = 1;
  private readonly requests = new Map<number, (metrics: ThreadMetrics) => void>();
  private stopped: (() => void) | null = null;

  private downWorkers: DownWorker[] = [];

  constructor(
    readonly role: ThreadRole,
    private readonly config: AppConfig,
  ) {
    this.logger = new Logger(`Thread ${role}`);
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** The thread's consumers and subscriptions that are down and waiting for their restart, as it last said. */
  get down(): DownWorker[] {
    return this.ready ? this.downWorkers : [];
  }

  /**
   * Starts the thread; resolves once its runtime has started. A thread that dies while starting (another thread
   * holding the file's write lock for long, say while it builds an index) is tried again, up to
   * START_ATTEMPTS times in all, before the start fails.
   */
  async start(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.launch();
        return;
      } catch (error) {
        if (this.stopping || attempt >= START_ATTEMPTS) throw error;
        this.logger.warn(`${String(error)}; trying again (${attempt + 1} of ${START_ATTEMPTS})`);
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    }
  }

  /** One thread: resolves once its runtime has started, rejects if it dies first. */
  private launch(): Promise<void> {
    const worker = new Worker(entry(), { workerData: { role: this.role, config: this.config } });
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (message: ToParent) => {
        if (message.type === 'ready') {
          this.ready = true;
          this.restartDelayMs = 1_000;
          resolve();
        } else if (message.type === 'stopped') {
          this.stopped?.();
        } else if (message.type === 'metrics') {
          this.requests.get(message.id)?.(message.metrics);
          this.requests.delete(message.id);
        } else if (message.type === 'health') {
          this.downWorkers = message.down;
        }
      });
      worker.on('error', (error) => this.logger.error(error));
      worker.on('exit', (code) => {
        const wasReady = this.ready;
        this.ready = false;
        this.worker = null;
        for (const answer of this.requests.values()) answer([]);
        this.requests.clear();
        this.stopped?.();
        if (!wasReady) {
          reject(new Error(`The ${this.role} thread stopped while starting (exit code ${code})`));
          return;
        }
        if (this.stopping) return;
        this.logger.error(`The ${this.role} thread stopped (exit code ${code}); starting it again`);
        this.scheduleRestart();
      });
    });
  }

  /** The thread's Prometheus metrics (none when it does not answer in time). */
  metrics(): Promise<ThreadMetrics> {
    const worker = this.worker;
    if (!worker || !this.ready) return Promise.resolve([]);
    const id = this.nextRequest++;
    return new Promise<ThreadMetrics>((resolve) => {
      const timer = setTimeout(() => {
        this.requests.delete(id);
        resolve([]);
      }, METRICS_TIMEOUT_MS);
      this.requests.set(id, (metrics) => {
        clearTimeout(timer);
        resolve(metrics);
      });
      this.send({ type: 'metrics', id });
    });
  }

  /** Asks the runtime to stop cleanly (its consumers commit, its connections close); ends the thread. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    const done = new Promise<void>((resolve) => (this.stopped = resolve));
    this.send({ type: 'stop' });
    const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
    await done;
    clearTimeout(timer);
    await worker.terminate();
  }

  private send(message: ToThread): void {
    this.worker?.postMessage(message);
  }

  private scheduleRestart(): void {
    const delay = this.restartDelayMs;
    this.restartDelayMs = Math.min(this.restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.stopping) return;
      this.start().catch((error: unknown) => this.logger.error(String(error)));
    }, delay);
    this.restartTimer.unref();
  }
}
