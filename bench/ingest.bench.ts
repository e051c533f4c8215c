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
import { ttnV3GatewayId } from '@lorawatch/simulator/ttn-v3-events';
import { startTtnV3Peer } from '@lorawatch/simulator/ttn-v3-peer';
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
  ['ttn-v3', 3],
];

/** How the benchmark feeds a network server's messages: an MQTT broker, or a TTN v3 events-stream server. */
interface Transport {
  /** The data-source fields that point at this transport. */
  dataSource: Record<string, unknown>;
  /** Time for a bare consumer to receive every message. */
  rawSeconds(messages: SimMessage[]): Promise<number>;
  publishAll(messages: SimMessage[]): Promise<void>;
  close(): Promise<void>;
}

async function mqttTransport(): Promise<Transport> {
  const broker = await startDemoBroker(0);
  const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    clientId: 'bench-publisher',
  });
  return {
    dataSource: { ip: '127.0.0.1', port: broker.port },
    rawSeconds: async (messages) => (await rawRate(broker.port, messages)).seconds,
    publishAll: (messages) => publishAll(publisher, messages),
    async close() {
      await publisher.endAsync();
      await broker.close();
    },
  };
}

const TTN_KEY = 'NNSXS.BENCHMARKKEY';

async function ttnV3Transport(): Promise<Transport> {
  const simulator = new NetworkSimulator({ devices: 1, gateways: 8, seed: 42 });
  const gatewayIds = simulator.gatewayList().map((gateway) => ttnV3GatewayId(gateway));
  const peer = await startTtnV3Peer({ apiKeys: { [TTN_KEY]: gatewayIds }, historySize: 1 });
  const publish = async (messages: SimMessage[]) => {
    for (const [index, message] of messages.entries()) {
      peer.publish(JSON.parse(message.payload.toString()) as Record<string, unknown>);
      // Yield now and then so the stream's socket drains, as a live server would.
      if (index % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return {
    dataSource: {
      custom_ip: true,
      ip: '127.0.0.1',
      port: peer.port,
      gateway_id: gatewayIds.join(','),
      gateway_api_key: TTN_KEY,
    },
    async rawSeconds(messages) {
      const response = await fetch(`${peer.url}/api/v3/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TTN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          identifiers: gatewayIds.map((gateway_id) => ({ gateway_ids: { gateway_id } })),
        }),
      });
      const reader = response.body!.getReader();
      const started = process.hrtime.bigint();
      const publishing = publish(messages);
      let seen = 0;
      const decoder = new TextDecoder();
      while (seen < messages.length) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += decoder.decode(value, { stream: true }).split('"result"').length - 1;
      }
      const seconds = elapsed(started);
      await publishing;
      await reader.cancel();
      return seconds;
    },
    publishAll: publish,
    close: () => peer.close(),
  };
}

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
    const transport = format === 'ttn-v3' ? await ttnV3Transport() : await mqttTransport();
    const dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-bench-'));
    try {
      const rawSeconds = await transport.rawSeconds(messages);
      const pipeline = await pipelineRate(transport, dataDir, messages, frames, typeId);
      const rawRateValue = messages.length / rawSeconds;
      rows.push(
        `| ${format} | ${frames} | ${Math.round(rawRateValue)} | ${Math.round(frames / pipeline.ingestSeconds)} | ` +
          `${Math.round(frames / pipeline.seconds)} | ${((frames / pipeline.seconds / rawRateValue) * 100).toFixed(1)} % | ` +
          `${pipeline.alerts} | ${pipeline.peakRssMb.toFixed(0)} MB |`,
      );
    } finally {
      await transport.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    '\n| format | frames | server → bare consumer msgs/s | → packet log frames/s | → alerts read model frames/s | end to end / raw | alerts | server peak RSS |',
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
  transport: Transport,
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
      ...transport.dataSource,
    });
    const status = async () =>
      (await callApi<{ status: string }>(url, token, 'GET', `/api/v1.0/data_collectors/${id}`)).status;
    await until(async () => (await status()) === 'CONNECTED', 15_000);

    let peakRssMb = 0;
    let ingestSeconds = 0;
    const started = process.hrtime.bigint();
    const publishing = transport.publishAll(messages);
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
