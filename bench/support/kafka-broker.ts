import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { rssMbOf } from './server';

const run = promisify(execFile);

/** scripts/kafka-broker.sh, from this file in bench/support or in dist/bench/support. */
function brokerScript(): string {
  const candidates = [join(__dirname, '..', '..'), join(__dirname, '..', '..', '..')].map((root) =>
    join(root, 'scripts', 'kafka-broker.sh'),
  );
  return candidates.find((path) => existsSync(path)) ?? candidates[0];
}

/** Whether a broker can start here (java and the broker's jars); else the script's reason. */
export function kafkaBrokerStatus(): { ok: true } | { ok: false; reason: string } {
  const script = brokerScript();
  if (!existsSync(script)) return { ok: false, reason: `${script} is missing` };
  const status = spawnSync('bash', [script, 'status'], { encoding: 'utf8', timeout: 15_000 });
  if (status.error) return { ok: false, reason: status.error.message.split('\n')[0] };
  if (status.status !== 0) {
    const reason = `${status.stdout}\n${status.stderr}`.trim().split('\n')[0];
    return { ok: false, reason: reason || `the broker script's status ended with ${status.status}` };
  }
  return { ok: true };
}

/** The NAME=value lines the script prints when it has started a broker. */
export function printedSettings(stdout: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const match = /^([A-Z_]+)=(\S+)$/.exec(line.trim());
    if (match) settings.set(match[1], match[2]);
  }
  return settings;
}

/** A one-node Kafka broker (broker and controller) of the benchmark, in a folder of its own. */
export interface BenchKafka {
  /** host:port, as KAFKA_BROKERS takes it. */
  brokers: string;
  dir: string;
  /** Milliseconds from the start command until the broker served. */
  startMs: number;
  /** The broker's resident memory now, in MB. */
  rssMb(): number;
  /** Stops the broker and deletes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts a broker with the script on a free port in `dir` (formatted there), stopped by the script when this process
 * is gone.
 */
export async function startKafkaBroker(dir: string): Promise<BenchKafka> {
  const script = brokerScript();
  const port = await freePort();
  const started = Date.now();
  const { stdout } = await run(
    'bash',
    [script, 'start', '--dir', dir, '--port', String(port), '--watch-pid', String(process.pid)],
    { encoding: 'utf8', timeout: 180_000 },
  );
  const printed = printedSettings(stdout);
  const brokers = printed.get('KAFKA_BROKERS');
  if (!brokers) throw new Error(`the broker script printed no address: ${stdout}`);
  const startMs = Date.now() - started;
  const pid = (): number | undefined => {
    try {
      const value = Number(readFileSync(join(dir, 'broker.pid'), 'utf8').trim());
      return Number.isInteger(value) && value > 0 ? value : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    brokers,
    dir,
    startMs,
    rssMb: () => rssMbOf(pid()),
    async stop() {
      if (!existsSync(join(dir, 'broker.pid'))) return;
      await run('bash', [script, 'stop', dir], { encoding: 'utf8', timeout: 60_000 });
    },
  };
}
