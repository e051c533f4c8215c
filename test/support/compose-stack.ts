import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { dockerEngine, firstLine } from '@lorawatch/platform/testing/docker-engine';

const run = promisify(execFile);
const ROOT = join(__dirname, '../..');
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');

/** `skip` is the whole line a test prints after "skipped: " when it cannot run. */
export type DockerStatus = { ok: true } | { ok: false; skip: string };

/**
 * Whether a Docker engine answers, and with Compose v2: checked synchronously and quickly, so that a test file can
 * decide to skip itself when jest loads it, before any hook runs (no build, no wait).
 */
export function dockerStatus(): DockerStatus {
  const engine = dockerEngine();
  if (!engine.ok) return { ok: false, skip: `no Docker engine (${engine.reason})` };
  const compose = spawnSync('docker', ['compose', 'version', '--short'], {
    encoding: 'utf8',
    timeout: 15_000,
  });
  if (compose.error || compose.status !== 0) {
    const reason = firstLine(compose.error?.message ?? compose.stderr);
    return { ok: false, skip: `no Docker Compose v2 (docker compose version failed: ${reason})` };
  }
  return { ok: true };
}

/**
 * The root docker-compose.yml under its own project name (so a developer's own stack is left alone), with the host
 * ports and the admin password given as the file's LORAWATCH_* variables.
 */
export class ComposeStack {
  constructor(
    readonly project: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Builds the image, starts every service and waits until each is healthy (setup: exited with 0). */
  async up(timeoutSeconds: number): Promise<void> {
    try {
      await this.compose(['up', '-d', '--build', '--wait', '--wait-timeout', String(timeoutSeconds)], {
        timeoutMs: (timeoutSeconds + 600) * 1000,
      });
    } catch (error) {
      throw new Error(`docker compose up failed: ${messageOf(error)}\n${await this.logs(80)}`);
    }
  }

  /** Stops and removes the containers, the network and the volumes. */
  async down(): Promise<void> {
    await this.compose(['down', '-v', '--remove-orphans', '--timeout', '20'], { timeoutMs: 300_000 });
  }

  /** Ids of the running containers of a service. */
  async containers(service: string): Promise<string[]> {
    const { stdout } = await this.compose(['ps', '-q', service]);
    return stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
  }

  async stop(service: string): Promise<void> {
    await this.compose(['stop', service]);
  }

  /** SIGKILL to one container: a crash. Docker's restart policy leaves a container killed this way stopped. */
  async kill(container: string): Promise<void> {
    await run('docker', ['kill', '--signal', 'KILL', container]);
  }

  async isRunning(container: string): Promise<boolean> {
    const { stdout } = await run('docker', ['inspect', '--format', '{{.State.Running}}', container]);
    return stdout.trim() === 'true';
  }

  /** GET a URL from inside a container (the workers' /metrics are not published on the host). */
  async fetchInside(container: string, url: string): Promise<string> {
    const script = `fetch(${JSON.stringify(url)}).then((r) => r.text()).then((t) => process.stdout.write(t), (e) => { console.error(String(e)); process.exit(1); })`;
    const { stdout } = await run('docker', ['exec', container, 'node', '-e', script], {
      maxBuffer: 16 * 1024 * 1024,
      timeout: 30_000,
    });
    return stdout;
  }

  async logs(tail: number): Promise<string> {
    try {
      const { stdout } = await this.compose(['logs', '--no-color', '--tail', String(tail)]);
      return stdout;
    } catch (error) {
      return `(no logs: ${messageOf(error)})`;
    }
  }

  /** Keeps the services' logs for a failed run to be read afterwards. */
  async saveLogs(): Promise<string> {
    const dir = join(ROOT, 'test-output');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${this.project}.log`);
    writeFileSync(file, await this.logs(2000));
    return file;
  }

  private compose(args: string[], options: { timeoutMs?: number } = {}) {
    return run('docker', ['compose', '-p', this.project, '-f', COMPOSE_FILE, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      maxBuffer: 64 * 1024 * 1024,
      timeout: options.timeoutMs ?? 120_000,
    });
  }
}

function messageOf(error: unknown): string {
  if (
    error &&
    typeof error === 'object' &&
    'stderr' in error &&
    typeof error.stderr === 'string' &&
    error.stderr
  ) {
    return error.stderr.trim();
  }
  return error instanceof Error ? error.message : String(error);
}

/** The samples of one metric in a Prometheus text exposition, by the value of one label. */
export function metricSamples(exposition: string, metric: string, label: string): Map<string, number> {
  const samples = new Map<string, number>();
  const pattern = new RegExp(`^${metric}\\{([^}]*)\\}\\s+(\\S+)`);
  for (const line of exposition.split('\n')) {
    const match = pattern.exec(line);
    if (!match) continue;
    const labelMatch = new RegExp(`(?:^|,)${label}="([^"]*)"`).exec(match[1]);
    if (labelMatch) samples.set(labelMatch[1], Number(match[2]));
  }
  return samples;
}
