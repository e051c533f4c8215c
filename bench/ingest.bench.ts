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
import type { SimFormatName } from '@lorawatch/simulator/wire-format';

/**
 * `npm run bench [-- --messages N]`: end-to-end ingest throughput (MQTT → collector → packet log → detectors →
 * event store → alerts read model) of the standalone server, beside the raw rate at which the same broker
 * delivers the same messages to a bare subscriber, measured in the same run.
 * BENCH_SERVER_FLAGS passes node flags to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
const PASSWORD = 'B3nch!mark';
const IN_FLIGHT = 200;

/** The MQTT formats and the data-source type that reads each. */
const FORMATS: Array<[SimFormatName, number]> = [
  ['chirpstack-v3', 1],
  ['chirpstack-v3-protobuf', 1],
  ['chirpstack-v4-json', 4],
  ['chirpstack-v4-protobuf', 4],
];

async function main(): Promise<void> {
  const count = Number(argument('--messages') ?? 20000);
  const wanted = argument('--formats')?.split(',') ?? FORMATS.map(([format]) => format);
  const rows: string[] = [];
  for (const [format, typeId] of FORMATS.filter(([format]) => wanted.includes(format))) {
    const messages = traffic(count, format);
    const frames = messages.filter(
      (message) => message.kind === 'uplink' || message.kind === 'downlink',
    ).length;
    console.log(
      `${format}: ${messages.length} messages (${frames} frames) from 500 simulated devices on 8 gateways`,
    );
    const broker = await startDemoBroker(0);
    const dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-bench-'));
    try {
      const raw = await rawRate(broker.port, messages);
      const pipeline = await pipelineRate(broker.port, dataDir, messages, frames, typeId);
      const rawRateValue = messages.length / raw.seconds;
      rows.push(
        `| ${format} | ${frames} | ${Math.round(rawRateValue)} | ${Math.round(frames / pipeline.ingestSeconds)} | ` +
          `${Math.round(frames / pipeline.seconds)} | ${((frames / pipeline.seconds / rawRateValue) * 100).toFixed(1)} % | ` +
          `${pipeline.alerts} | ${pipeline.peakRssMb.toFixed(0)} MB |`,
      );
    } finally {
      await broker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    '\n| format | frames | broker → bare subscriber msgs/s | MQTT → packet log frames/s | MQTT → alerts read model frames/s | end to end / raw | alerts | server peak RSS |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

function traffic(count: number, format: SimFormatName): SimMessage[] {
  const simulator = new NetworkSimulator({
    devices: 500,
    gateways: 8,
    seed: 42,
    attacks: ['join-replay', 'devnonce-repeat'],
    attackIntervalSeconds: 60,
    format,
  });
  const messages: SimMessage[] = [];
  while (messages.length < count) messages.push(...simulator.next().filter((message) => !message.retain));
  return messages.slice(0, count);
}

async function rawRate(port: number, messages: SimMessage[]): Promise<{ seconds: number }> {
  const subscriber = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: 'bench-bare-subscriber',
  });
  await subscriber.subscribeAsync('#', { qos: 1 });
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

async function pipelineRate(
  port: number,
  dataDir: string,
  messages: SimMessage[],
  frames: number,
  typeId: number,
) {
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
      data_collector_type_id: typeId,
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
