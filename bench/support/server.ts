import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { callApi, signIn } from './api-client';
import { freePort } from './free-port';
import { sleep, until } from './stats';

export const ADMIN = 'bench';
export const PASSWORD = 'B3nch!mark';

/** The product's processes: the standalone server, or one part of the scale-out deployment. */
export type ServerApp = 'standalone' | 'api' | 'collector' | 'detector' | 'projector';

/** The compiled entry of an app, next to this file in dist/. */
const appMain = (app: ServerApp) => join(__dirname, '..', '..', 'apps', app, 'main.js');

export interface ServerOptions {
  /** Which process; default the standalone server. */
  app?: ServerApp;
  dataDir: string;
  /** File in DATA_DIR that takes the process's output; default server.log. */
  logName?: string;
  /** Extra environment (e.g. DETECTOR_TICK_SECONDS). */
  env?: Record<string, string>;
  /** When set, the server writes CPU profiles there (`--cpu-prof`). */
  profileDir?: string;
  readyTimeoutMs?: number;
}

/**
 * The standalone server (`npm start`'s app), or another process of the product, in its own process on a fresh port
 * (PORT for those that serve the API, OPS_PORT for the others), output kept in DATA_DIR/server.log (or `logName`).
 * BENCH_SERVER_FLAGS adds node flags (e.g. `--max-old-space-size=4096`).
 */
export class BenchServer {
  readonly base: string;
  /** Milliseconds from spawning until `/health` answered 200. */
  readyMs = 0;
  private token: string | null = null;

  private constructor(
    readonly child: ChildProcess,
    port: number,
    readonly logFile: string,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  static async start(options: ServerOptions): Promise<BenchServer> {
    const port = await freePort();
    const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
    if (options.profileDir) {
      mkdirSync(options.profileDir, { recursive: true });
      flags.push('--cpu-prof', `--cpu-prof-dir=${options.profileDir}`);
    }
    const app = options.app ?? 'standalone';
    const logFile = join(options.dataDir, options.logName ?? 'server.log');
    mkdirSync(options.dataDir, { recursive: true });
    const log = createWriteStream(logFile, { flags: 'a' });
    const started = Date.now();
    const portVariable = app === 'standalone' || app === 'api' ? 'PORT' : 'OPS_PORT';
    const child = spawn(process.execPath, [...flags, appMain(app)], {
      env: {
        ...process.env,
        DATA_DIR: options.dataDir,
        [portVariable]: String(port),
        DEMO: '0',
        ADMIN_USERNAME: ADMIN,
        ADMIN_PASSWORD: PASSWORD,
        ADMIN_EMAIL: 'bench@example.com',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const server = new BenchServer(child, port, logFile);
    try {
      await server.waitUntilReady(options.readyTimeoutMs ?? 120_000);
    } catch (error) {
      // Not ready in time: nobody holds the process to stop it later.
      await server.stop(5_000);
      throw error;
    }
    server.readyMs = Date.now() - started;
    return server;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private async waitUntilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) {
        throw new Error(
          `the server exited (code ${this.child.exitCode}) before it was ready:\n${this.logTail()}`,
        );
      }
      const status = await fetch(`${this.base}/health`, { signal: AbortSignal.timeout(5000) })
        .then((response) => response.status)
        .catch(() => 0);
      if (status === 200) return;
      if (Date.now() > deadline) {
        throw new Error(
          `the server was not ready after ${Math.round(timeoutMs / 1000)} s:\n${this.logTail()}`,
        );
      }
      await sleep(100);
    }
  }

  /** The administrator's access token (signs in once). */
  async accessToken(): Promise<string> {
    this.token ??= await signIn(this.base, ADMIN, PASSWORD);
    return this.token;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return callApi<T>(this.base, await this.accessToken(), method, path, body);
  }

  /** A policy of the administrator's organisation with no items: every alert type on, LAF-002 and the audit included. */
  async everyDetectorPolicy(): Promise<number> {
    const { id } = await this.call<{ id: number }>('POST', '/api/v1.0/policies', {
      name: 'Every detector',
      items: [],
    });
    return id;
  }

  /** Adds a data source and waits until its collector is connected. */
  async addDataSource(fields: Record<string, unknown>, policyId: number): Promise<number> {
    const { id } = await this.call<{ id: number }>('POST', '/api/v1.0/data_collectors', {
      name: `Bench ${Date.now()}`,
      description: '',
      policy_id: policyId,
      ...fields,
    });
    await until(
      async () =>
        (await this.call<{ status: string }>('GET', `/api/v1.0/data_collectors/${id}`)).status ===
        'CONNECTED',
      30_000,
      'the data source to connect',
      200,
    );
    return id;
  }

  /** Every sample of /metrics, summed over labels, by metric name. */
  async metrics(): Promise<Map<string, number>> {
    const response = await fetch(`${this.base}/metrics`, { signal: AbortSignal.timeout(60_000) });
    return parseMetrics(await response.text());
  }

  /**
   * /metrics including the AppKey audit's own figures: a part of the server that is too busy to answer in time is
   * left out of a scrape, so this scrapes again (for up to `timeoutMs`) until the audit's lag is in it.
   */
  async auditMetrics(timeoutMs = 10_000): Promise<Map<string, number>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const metrics = await this.metrics();
      if (metrics.has(KEY_AUDIT_LAG) || Date.now() > deadline) return metrics;
      await sleep(200);
    }
  }

  /** The server's resident memory now, in MB (Linux). */
  rssMb(): number {
    return rssMbOf(this.child.pid);
  }

  /** Lines of the server's output that report an error (a thread that died, a failed job...). */
  problems(): string[] {
    try {
      return readFileSync(this.logFile, 'utf8')
        .split('\n')
        .filter((line) => /\b(ERROR|FATAL)\b|out of memory/i.test(line))
        .map((line) => stripVTControlCharacters(line).trim());
    } catch {
      return [];
    }
  }

  logTail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no server output)';
    }
  }

  /**
   * SIGTERM, then waits for the process to end (SIGKILL after the grace period): how long it took, and whether it
   * had to be killed (a stop cut short leaves checkpoints where they were, which the next start reads again from).
   */
  async stop(graceMs = 60_000): Promise<{ seconds: number; killed: boolean }> {
    if (!this.running) return { seconds: 0, killed: false };
    const started = Date.now();
    let killed = false;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => {
      killed = true;
      this.child.kill('SIGKILL');
    }, graceMs);
    await exited;
    clearTimeout(timer);
    return { seconds: (Date.now() - started) / 1000, killed };
  }
}

/** A process's resident memory now, in MB (Linux); 0 when it is gone or unknown. */
export function rssMbOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Prometheus text exposition → sum of each metric's samples over its label sets. */
export function parseMetrics(text: string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const value = Number(match[3]);
    if (Number.isFinite(value)) sums.set(match[1], (sums.get(match[1]) ?? 0) + value);
  }
  return sums;
}

/** The AppKey audit's metrics among the server's: every `lorawatch_key_audit*` total. */
export function keyAuditMetrics(metrics: Map<string, number>): Map<string, number> {
  return new Map([...metrics].filter(([name]) => name.startsWith('lorawatch_key_audit')));
}

/** Packets appended but not yet read by the audit's consumer, per partition (summed). */
export const KEY_AUDIT_LAG = 'lorawatch_key_audit_lag';
/** Audit jobs queued or running. */
export const KEY_AUDIT_QUEUE_DEPTH = 'lorawatch_key_audit_queue_depth';

/**
 * True when the AppKey audit has nothing left to do: every packet read by its consumer (lag 0) and no audit queued
 * or running (a server without the queue gauge audits in its consumer, so lag 0 is enough there). The lag is
 * labelled by partition, so it has samples only when the part of the server that runs the audit answered the
 * scrape: without them nothing is known, which is not idle.
 */
export function auditsIdle(metrics: Map<string, number>): boolean {
  const lag = metrics.get(KEY_AUDIT_LAG);
  return lag === 0 && (metrics.get(KEY_AUDIT_QUEUE_DEPTH) ?? 0) === 0;
}
