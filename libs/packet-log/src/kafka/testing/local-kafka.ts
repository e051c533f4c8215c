import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { firstLine, type DockerEngine, type StartedServer } from '@lorawatch/platform/testing/docker-engine';

/** scripts/kafka-broker.sh: fetches the broker's jars with Maven, starts and stops a one-node KRaft broker. */
export const KAFKA_BROKER_SCRIPT = join(__dirname, '../../../../../scripts/kafka-broker.sh');

const run = promisify(execFile);

/**
 * Whether a Kafka broker can start on this machine without Docker (java and the fetched jars), asked
 * synchronously so that a test file decides when jest loads it whether its Kafka tests run.
 */
export function localKafka(script = KAFKA_BROKER_SCRIPT): DockerEngine {
  const status = spawnSync('bash', [script, 'status'], { encoding: 'utf8', timeout: 15_000 });
  if (status.error || status.status !== 0) {
    return { ok: false, reason: firstLine(status.error?.message ?? status.stdout) };
  }
  return { ok: true };
}

export interface LocalKafkaOptions {
  /** log.segment.bytes of the topics created without their own (small, so that tests roll segments). */
  segmentBytes?: number;
  /** Nodes of the cluster, each a broker and a controller (default 1); `url` then lists every broker. */
  nodes?: number;
  /**
   * One broker only: a SASL_PLAINTEXT listener too, with PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512 and one user
   * (`sasl` of the result). `url` stays the plain listener.
   */
  sasl?: boolean;
  /**
   * One broker only: an SSL listener too, with a self-signed certificate made by keytool (`tls` of the result); with
   * `sasl`, a SASL_SSL listener as well (`saslTlsUrl`).
   */
  tls?: boolean;
}

/** The SASL listener of a local broker started with `sasl`, and its one user. */
export interface LocalKafkaSasl {
  url: string;
  username: string;
  password: string;
}

/** The TLS listener of a local broker started with `tls`, and the PEM file of the certificate it presents. */
export interface LocalKafkaTls {
  url: string;
  caFile: string;
}

/** A local broker that can also be taken down and brought back on the same port and store (outage drills). */
export interface LocalKafka extends StartedServer {
  /** Started with `sasl`: the SASL_PLAINTEXT listener and its user. */
  sasl?: LocalKafkaSasl;
  /** Started with `tls`: the SSL listener and its certificate. */
  tls?: LocalKafkaTls;
  /** Started with both: the SASL_SSL listener (the same user, the same certificate). */
  saslTlsUrl?: string;
  /** Stops the broker, keeping its store: clients see an outage. */
  halt(): Promise<void>;
  /** Starts the halted broker again, on the same port and store; resolves once it serves. */
  restart(): Promise<void>;
  /** Stops node `node` (1-based) of a cluster, keeping its store; the others go on. */
  haltNode(node: number): Promise<void>;
  /** Starts node `node` again, on the same ports and store; resolves once it serves. */
  restartNode(node: number): Promise<void>;
}

/**
 * Starts a one-node broker (broker and controller, loopback only, a free port), or a cluster of `nodes`, in a
 * temporary folder; stop() shuts it down and deletes the folder. The brokers also stop by themselves when this
 * process is gone.
 */
export async function startLocalKafka(
  options: LocalKafkaOptions = {},
  script = KAFKA_BROKER_SCRIPT,
): Promise<LocalKafka> {
  const args = [script, 'start', '--watch-pid', String(process.pid)];
  if (options.segmentBytes !== undefined) args.push('--segment-bytes', String(options.segmentBytes));
  if (options.nodes !== undefined) args.push('--cluster', String(options.nodes));
  if (options.sasl) args.push('--sasl');
  if (options.tls) args.push('--tls');
  const { stdout } = await run('bash', args, { encoding: 'utf8', timeout: 180_000 });
  const printed = new Map(
    stdout
      .split('\n')
      .map((line) => line.trim().split('='))
      .filter((pair) => pair.length === 2)
      .map(([name, value]) => [name, value] as const),
  );
  const brokers = printed.get('KAFKA_BROKERS');
  const dir = printed.get('KAFKA_DIR');
  if (!brokers || !dir) throw new Error(`${script} start printed no address: ${stdout}`);
  const wanted = (name: string): string => {
    const value = printed.get(name);
    if (!value) throw new Error(`${script} start printed no ${name}: ${stdout}`);
    return value;
  };
  return {
    url: brokers,
    sasl: options.sasl
      ? {
          url: wanted('KAFKA_SASL_BROKERS'),
          username: wanted('KAFKA_SASL_USERNAME'),
          password: wanted('KAFKA_SASL_PASSWORD'),
        }
      : undefined,
    tls: options.tls ? { url: wanted('KAFKA_TLS_BROKERS'), caFile: wanted('KAFKA_TLS_CA_FILE') } : undefined,
    saslTlsUrl: options.sasl && options.tls ? wanted('KAFKA_SASL_TLS_BROKERS') : undefined,
    stop: async () => {
      await run('bash', [script, 'stop', dir], { encoding: 'utf8', timeout: 60_000 });
    },
    halt: async () => {
      await run('bash', [script, 'halt', dir], { encoding: 'utf8', timeout: 60_000 });
    },
    restart: async () => {
      await run('bash', [script, 'restart', dir], { encoding: 'utf8', timeout: 120_000 });
    },
    haltNode: async (node) => {
      await run('bash', [script, 'halt', dir, '--node', String(node)], { encoding: 'utf8', timeout: 60_000 });
    },
    restartNode: async (node) => {
      await run('bash', [script, 'restart', dir, '--node', String(node)], {
        encoding: 'utf8',
        timeout: 120_000,
      });
    },
  };
}
