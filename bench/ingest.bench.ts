import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { callApi, signIn } from '@lorawatch/ops/api-client';
import { readPipelineProgress } from '@lorawatch/ops/pipeline-progress';
import { freePort } from '@lorawatch/platform/free-port';
import { startDemoBroker } from '@lorawatch/simulator/demo-broker';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';

/**
 * `npm run bench [-- --messages N]`: end-to-end ingest throughput (MQTT → collector → packet log → detectors →
 * event store → alerts read model) of the standalone server, beside the raw rate at which the same broker
 * delivers the same messages to a bare subscriber, measured in the same run.
 * BENCH_SERVER_FLAGS passes node flags to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
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
  const dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-bench-'));
  try {
    const raw = await rawRate(broker.port, messages);
    const pipeline = await pipelineRate(broker.port, dataDir, messages, frames);
    const rows: Array<[string, number, number]> = [
      ['broker → bare subscriber (QoS 1)', messages.length, raw.seconds],
      ['MQTT → packet log (collector)', frames, pipeline.ingestSeconds],
      ['MQTT → alerts read model (standalone)', frames, pipeline.seconds],
    ];
    console.log('\n| path | messages | seconds | messages/s |\n|---|---:|---:|---:|');
    for (const [path, n, seconds] of rows) {
      console.log(`| ${path} | ${n} | ${seconds.toFixed(2)} | ${Math.round(n / seconds)} |`);
    }
    console.log(`\nalerts raised: ${pipeline.alerts}; server peak RSS: ${pipeline.peakRssMb.toFixed(0)} MB`);
    const share = frames / pipeline.seconds / (messages.length / raw.seconds);
    console.log(`pipeline / raw: ${(share * 100).toFixed(1)} %`);
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
  const seconds = elapsed(started);
  await publisher.endAsync();
  await subscriber.endAsync();
  return { seconds };
}

async function pipelineRate(port: number, dataDir: string, messages: SimMessage[], frames: number) {
  const httpPort = await freePort();
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...flags, join(__dirname, '../apps/standalone/main.js')], {
    env: {
      ...process.env,
      PORT: String(httpPort),
      DATA_DIR: dataDir,
      DEMO: '0',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  try {
    const url = `http://127.0.0.1:${httpPort}`;
    await until(async () => (await fetch(`${url}/health`).catch(() => null))?.status === 200, 60_000);
    const token = await signIn(url, 'admin', PASSWORD);
    const { id } = await callApi<{ id: number }>(url, token, 'POST', '/api/v1.0/data_collectors', {
      name: 'Bench',
      description: '',
      data_collector_type_id: 1,
      policy_id: 1,
      ip: '127.0.0.1',
      port,
    });
    const status = async () =>
      (await callApi<{ status: string }>(url, token, 'GET', `/api/v1.0/data_collectors/${id}`)).status;
    await until(async () => (await status()) === 'CONNECTED', 15_000);

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
        const progress = await readPipelineProgress(database);
        if (ingestSeconds === 0 && progress.logged >= frames) ingestSeconds = elapsed(started);
        return (
          ingestSeconds > 0 &&
          progress.detected >= frames &&
          progress.alertsProjected === progress.alertsRaised
        );
      },
      600_000,
      100,
    );
    const seconds = elapsed(started);
    await publishing;
    await publisher.endAsync();
    const { count: alerts } = await callApi<{ count: number }>(
      url,
      token,
      'GET',
      '/api/v1.0/alerts/count?group_by=TOTAL',
    );
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

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('benchmark timed out');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
