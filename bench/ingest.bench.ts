import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { startDemoBroker } from '@lorawatch/simulator/demo-broker';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { detectorCheckpoint } from '@lorawatch/detection/detection-runner';
import { openDatabase } from '@lorawatch/sqlite/open-database';

/**
 * `npm run bench [-- --messages N]`: end-to-end ingest throughput (MQTT → collector → packet log → detectors →
 * event store → alerts read model) of the standalone server, beside the raw rate at which the same broker
 * delivers the same messages to a bare subscriber, measured in the same run.
 */
const PASSWORD = 'B3nch!mark';
const IN_FLIGHT = 200;

async function main(): Promise<void> {
  const count = Number(argument('--messages') ?? 20000);
  const messages = traffic(count);
  const frames = messages.filter(
    (message) => message.kind === 'uplink' || message.kind === 'downlink',
  ).length;
  console.log(
    `${messages.length} ChirpStack v3 messages (${frames} frames) from 500 simulated devices on 8 gateways`,
  );

  const broker = await startDemoBroker(0);
  const raw = await rawRate(broker.port, messages);
  const dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-bench-'));
  try {
    const pipeline = await pipelineRate(broker.port, dataDir, messages, frames);
    const rows = [
      ['broker → bare subscriber (QoS 1)', messages.length, raw.seconds, messages.length / raw.seconds],
      ['MQTT → packet log (collector)', frames, pipeline.ingestSeconds, frames / pipeline.ingestSeconds],
      ['MQTT → alerts read model (standalone)', frames, pipeline.seconds, frames / pipeline.seconds],
    ] as const;
    console.log('\n| path | messages | seconds | messages/s |\n|---|---:|---:|---:|');
    for (const [path, n, seconds, rate] of rows)
      console.log(`| ${path} | ${n} | ${seconds.toFixed(2)} | ${Math.round(rate)} |`);
    console.log(`\nalerts raised: ${pipeline.alerts}; server peak RSS: ${pipeline.peakRssMb.toFixed(0)} MB`);
    console.log(
      `pipeline / raw: ${((frames / pipeline.seconds / (messages.length / raw.seconds)) * 100).toFixed(1)} %`,
    );
  } finally {
    await broker.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function traffic(count: number): SimMessage[] {
  const simulator = new NetworkSimulator({
    devices: 500,
    gateways: 8,
    seed: 42,
    attacks: ['join-replay', 'devnonce-repeat'],
    attackIntervalSeconds: 60,
  });
  const messages: SimMessage[] = [];
  while (messages.length < count) messages.push(...simulator.next().filter((message) => !message.retain));
  return messages.slice(0, count);
}

async function rawRate(port: number, messages: SimMessage[]): Promise<{ seconds: number }> {
  const subscriber = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: 'bench-bare-subscriber',
    clean: true,
  });
  await subscriber.subscribeAsync('gateway/#', { qos: 1 });
  let received = 0;
  const done = new Promise<void>((resolve) =>
    subscriber.on('message', () => {
      if (++received === messages.length) resolve();
    }),
  );
  const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: 'bench-publisher-raw' });
  const started = process.hrtime.bigint();
  await publishAll(publisher, messages);
  await done;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await publisher.endAsync();
  await subscriber.endAsync();
  return { seconds };
}

async function pipelineRate(port: number, dataDir: string, messages: SimMessage[], frames: number) {
  const httpPort = await freePort();
  const server = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
      join(__dirname, '../apps/standalone/main.js'),
    ],
    {
      env: {
        ...process.env,
        PORT: String(httpPort),
        DATA_DIR: dataDir,
        DEMO: '0',
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: 'inherit',
    },
  );
  try {
    const url = `http://127.0.0.1:${httpPort}`;
    await until(async () => (await fetch(`${url}/health`).catch(() => null))?.status === 200, 60_000);
    const token = (
      (await call(url, null, 'POST', '/api/v1.0/login', { username: 'admin', password: PASSWORD })) as {
        access_token: string;
      }
    ).access_token;
    const { id } = (await call(url, token, 'POST', '/api/v1.0/data_collectors', {
      name: 'Bench',
      description: '',
      data_collector_type_id: 1,
      policy_id: 1,
      ip: '127.0.0.1',
      port,
    })) as { id: number };
    await until(
      async () =>
        ((await call(url, token, 'GET', `/api/v1.0/data_collectors/${id}`)) as { status: string }).status ===
        'CONNECTED',
      15_000,
    );

    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      clientId: 'bench-publisher-pipeline',
    });
    let peakRssMb = 0;
    let ingestSeconds = 0;
    const started = process.hrtime.bigint();
    const publishing = publishAll(publisher, messages);
    const database = join(dataDir, 'lorawatch.db');
    await until(
      async () => {
        peakRssMb = Math.max(peakRssMb, rssMb(server.pid));
        if (ingestSeconds === 0 && (await logged(database)) >= frames) ingestSeconds = elapsed(started);
        return ingestSeconds > 0 && (await detected(database)) >= frames && (await alertsProjected(database));
      },
      600_000,
      100,
    );
    const seconds = elapsed(started);
    await publishing;
    await publisher.endAsync();
    const alerts = (
      (await call(url, token, 'GET', '/api/v1.0/alerts/count?group_by=TOTAL')) as { count: number }
    ).count;
    return { seconds, ingestSeconds, alerts, peakRssMb };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function publishAll(client: MqttClient, messages: SimMessage[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < messages.length) {
      const message = messages[next++];
      await client.publishAsync(message.topic, message.payload, { qos: 1 });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

function elapsed(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

async function logged(database: string): Promise<number> {
  const db = openDatabase(database);
  try {
    return (await new SqlitePacketLog(db, { partitions: 4 }).endOffsets()).reduce((sum, end) => sum + end, 0);
  } finally {
    db.close();
  }
}

async function detected(database: string): Promise<number> {
  const db = openDatabase(database);
  try {
    const store = new SqliteReadStore(db);
    let total = 0;
    for (let partition = 0; partition < 4; partition++)
      total += await store.checkpoint(detectorCheckpoint(partition));
    return total;
  } finally {
    db.close();
  }
}

async function alertsProjected(database: string): Promise<boolean> {
  const db = openDatabase(database);
  try {
    const events = await new SqliteEventStore(db).readAll();
    const raised = events.filter((event) => event.type === 'AlertRaised').length;
    return (await new SqliteReadStore(db).collection({ name: 'alerts' }).count()) === raised;
  } finally {
    db.close();
  }
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function call(
  url: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function until(check: () => Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('benchmark timed out');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
