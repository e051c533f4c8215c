import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AlertEventTypes, alertStream, type AlertRaised } from '@lorawatch/alerts/alert.events';
import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import { detectorCheckpoint, DETECTOR_GROUP } from '@lorawatch/detection/detection-runner';
import { KEY_AUDIT_GROUP, keyAuditCheckpoint } from '@lorawatch/detection/key-audit-runner';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { callApi, signIn } from '@lorawatch/ops/api-client';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { envelope } from '@lorawatch/platform/aggregate';
import { freePort } from '@lorawatch/platform/free-port';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';

/**
 * `node dist/bench/api.bench.js [--scale 0.01] [--concurrency 8] [--requests 200]`: API latency (p50/p95) of the
 * dashboard and list endpoints on a large store. It writes 10 M packets, 1 M alerts (2 % of issue types, which the
 * server's issue tracker turns into issues, so quarantine lists are not empty) and 50 k devices (times --scale)
 * straight through the embedded adapters in large transactions, starts the standalone server on that store in its
 * own process (its projections build the read models from the events: the catch-up time is printed), then calls
 * each endpoint with the given concurrency.
 * Endpoints that answer 404 do not exist (yet) and are listed as such.
 */

const PASSWORD = 'B3nch!mark';
const ORGANIZATION = 1;
const DATA_SOURCES = 5;
const PACKET_BATCH = 20_000;
const EVENT_BATCH = 10_000;

interface Options {
  scale: number;
  concurrency: number;
  requests: number;
}

function options(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const index = argv.indexOf(`--${name}`);
    const parsed = index >= 0 ? Number(argv[index + 1]) : fallback;
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number`);
    return parsed;
  };
  return { scale: value('scale', 1), concurrency: value('concurrency', 8), requests: value('requests', 200) };
}

const hex = (value: number, length: number) => value.toString(16).toUpperCase().padStart(length, '0');
const devEuiOf = (device: number) => `70B3D5${hex(device, 10)}`;
const devAddrOf = (device: number) => hex(0x26000000 + device, 8);
const gatewayOf = (device: number) => `B827EB${hex(device % 500, 10)}`;

/** A plausible uplink of a device at a date; the payload is not decoded by anything the benchmark calls. */
function packet(index: number, device: number, date: Date): Packet {
  const iso = date.toISOString();
  return {
    id: `bench-${index}`,
    organizationId: ORGANIZATION,
    dataSourceId: 1 + (device % DATA_SOURCES),
    source: 'chirpstack_collector',
    date: iso,
    receivedAt: iso,
    topic: null,
    direction: 'up',
    data: '40' + devAddrOf(device) + '8001000100A1B2C3D4',
    size: 16,
    mType: 'UnconfirmedDataUp',
    major: 0,
    gateway: gatewayOf(device),
    devEui: devEuiOf(device),
    joinEui: null,
    devNonce: null,
    devAddr: devAddrOf(device),
    fCount: index % 65536,
    fPort: 1,
    mic: 'A1B2C3D4',
    devEuiInferred: false,
    rssi: -60 - (index % 60),
    lsnr: 7.5 - (index % 20),
    frequency: 868_100_000,
    spreadingFactor: 7 + (index % 6),
    bandwidth: 125,
    codeRate: '4/5',
    tmst: index,
    crcOk: true,
    latitude: null,
    longitude: null,
    altitude: null,
  };
}

/** Writes the store straight through the embedded adapters; returns what it built. */
async function generate(databaseFile: string, scale: number): Promise<Record<string, number>> {
  const db = openDatabase(databaseFile);
  const events = new SqliteEventStore(db, { onError: (error) => console.error(error) });
  const packets = new SqlitePacketLog(db, {
    partitions: 4,
    retentionDays: 30,
    onError: (e) => console.error(e),
  });
  const store = new SqliteReadStore(db);
  const packetCount = Math.round(10_000_000 * scale);
  const alertCount = Math.round(1_000_000 * scale);
  const deviceCount = Math.max(1, Math.round(50_000 * scale));
  // Spread over the 29 days before now, inside the packet log's 30-day retention.
  const start = Date.now() - 29 * 86_400_000;
  const span = 29 * 86_400_000;
  const dateOf = (index: number, count: number) => new Date(start + Math.floor((index / count) * span));

  let started = Date.now();
  for (let from = 0; from < packetCount; from += PACKET_BATCH) {
    const batch: Packet[] = [];
    for (let i = from; i < Math.min(packetCount, from + PACKET_BATCH); i++) {
      batch.push(packet(i, i % deviceCount, dateOf(i, packetCount)));
    }
    await packets.append(batch);
    progress('packets', from + batch.length, packetCount, started);
  }
  // The detectors and the key audit start after these packets, as if they had processed them.
  const ends = await packets.endOffsets();
  for (const [partition, end] of ends.entries()) {
    await store.commit([], { name: detectorCheckpoint(partition), position: end });
    await store.commit([], { name: keyAuditCheckpoint(partition), position: end });
    await packets.commit(DETECTOR_GROUP, partition, end);
    await packets.commit(KEY_AUDIT_GROUP, partition, end);
  }

  const plain = ALERT_CATALOGUE.filter((type) => !type.isIssue);
  const issues = ALERT_CATALOGUE.filter((type) => type.isIssue);
  let issueCount = 0;
  started = Date.now();
  for (let from = 0; from < alertCount; from += EVENT_BATCH) {
    const until = Math.min(alertCount, from + EVENT_BATCH);
    // One SQLite transaction per batch: the adapter's own transactions become savepoints inside it.
    db.transaction(() => {
      for (let i = from; i < until; i++) {
        const device = (i * 7919) % deviceCount;
        const opensIssue = i % 50 === 0 && issues.length > 0;
        const type = opensIssue ? issues[i % issues.length] : plain[i % plain.length];
        const evidence = packet(i, device, dateOf(i, alertCount));
        const alert: AlertRaised = {
          id: `bench-alert-${i}`,
          code: type.code,
          dataSourceId: evidence.dataSourceId,
          organizationId: ORGANIZATION,
          createdAt: evidence.date,
          devEui: evidence.devEui,
          devAddr: evidence.devAddr,
          gateway: evidence.gateway,
          packet: evidence,
          prevPacket: null,
          parameters: { dev_eui: evidence.devEui, dev_addr: evidence.devAddr, gateway: evidence.gateway },
        };
        const who = { organizationId: ORGANIZATION, actor: 'bench' };
        void events.append(
          alertStream(alert.id),
          [envelope(AlertEventTypes.Raised, alert, who, alert.createdAt)],
          'no_stream',
        );
        if (opensIssue) issueCount++;
      }
    })();
    progress('alerts', until, alertCount, started);
  }
  await events.close();
  await packets.close();
  await store.close();
  db.close();
  return {
    packets: packetCount,
    alerts: alertCount,
    'alerts of issue types': issueCount,
    devices: deviceCount,
  };
}

function progress(what: string, done: number, total: number, started: number): void {
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(
    `\r  ${what}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en')}/s)   `,
  );
  if (done >= total) process.stdout.write('\n');
}

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = Date.now();
  // BENCH_SERVER_FLAGS: node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, join(__dirname, '..', 'apps', 'standalone', 'main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO: '0',
      ADMIN_USERNAME: 'bench',
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_EMAIL: 'bench@example.com',
      LOG_LEVEL: 'warn',
      DETECTOR_TICK_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const health = await fetch(`${base}/health`);
      if (health.status === 200) return { child, readyMs: Date.now() - started };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Row {
  endpoint: string;
  status: string;
  p50: number | null;
  p95: number | null;
  mean: number | null;
  perSecond: number | null;
}

async function measure(base: string, token: string, path: string, options: Options): Promise<Row> {
  const call = async () => {
    const started = performance.now();
    const answer = await fetch(`${base}/api/v1.0/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    await answer.arrayBuffer();
    return { status: answer.status, ms: performance.now() - started };
  };
  let first: { status: number; ms: number };
  try {
    first = await call();
  } catch (error) {
    return {
      endpoint: path,
      status: `failed: ${(error as Error).message}`,
      p50: null,
      p95: null,
      mean: null,
      perSecond: null,
    };
  }
  if (first.status !== 200) {
    return {
      endpoint: path,
      status: first.status === 404 ? 'absent (404)' : String(first.status),
      p50: null,
      p95: null,
      mean: null,
      perSecond: null,
    };
  }
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.requests) {
      next++;
      const { status, ms } = await call();
      if (status !== 200) throw new Error(`${path} answered ${status} under load`);
      times.push(ms);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    return {
      endpoint: path,
      status: `failed under load: ${cause}`,
      p50: null,
      p95: null,
      mean: null,
      perSecond: null,
    };
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return {
    endpoint: path,
    status: '200',
    p50: at(0.5),
    p95: at(0.95),
    mean: times.reduce((sum, ms) => sum + ms, 0) / times.length,
    perSecond: times.length / elapsed,
  };
}

function endpoints(now: Date): string[] {
  const day = 86_400_000;
  const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const from = encodeURIComponent(iso(new Date(now.getTime() - 7 * day)));
  const to = encodeURIComponent(iso(now));
  const range = `created_at[gte]=${from}&created_at[lte]=${to}`;
  return [
    'alerts?page=0&size=50',
    'alerts?page=0&size=50&order_by[]=created_at&order_by[]=DESC&resolved=false&risk[]=HIGH',
    'alerts?page=200&size=50',
    `alerts/count?${range}`,
    `alerts/count?group_by=DAY&${range}`,
    'alerts/count',
    `alert_types/count?from=${from}&to=${to}`,
    'alert_types',
    'quarantined_devices?page=1&size=50',
    'quarantined_devices/count',
    'quarantined_devices/devices_count',
    'data_collectors?page=1&size=50',
    `data_collectors?include_count=true&from=${from}&to=${to}`,
    'policies',
    `devices?page=0&size=50`,
    'devices/count',
    `packets?page=0&size=50`,
    `packets/count?date[gte]=${from}&date[lte]=${to}`,
    'inventory/list?page=1&size=50',
    'inventory/count/importance',
    'inventory/count/vendor',
    'resource_usage/list?page=1&size=50',
    'resource_usage/count/status',
    'resource_usage/count/signal',
    'notifications?page=1&size=50',
    'notifications/count',
    'tags',
    'app_keys',
  ];
}

function table(rows: Row[]): string {
  const ms = (value: number | null) => (value === null ? '' : value.toFixed(1));
  const lines = [
    '| endpoint | status | p50 ms | p95 ms | mean ms | req/s |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| \`${row.endpoint}\` | ${row.status} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.mean)} | ${row.perSecond === null ? '' : Math.round(row.perSecond)} |`,
    ),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-api-bench-'));
  let server: ChildProcess | null = null;
  try {
    console.log(
      `API benchmark at scale ${opts.scale}: concurrency ${opts.concurrency}, ${opts.requests} requests per endpoint`,
    );
    const generation = Date.now();
    const built = await generate(join(dataDir, 'lorawatch.db'), opts.scale);
    console.log(
      `Built in ${((Date.now() - generation) / 1000).toFixed(1)} s: ${Object.entries(built)
        .map(([what, count]) => `${count.toLocaleString('en')} ${what}`)
        .join(', ')}`,
    );
    const port = await freePort();
    const { child, readyMs } = await startServer(dataDir, port);
    server = child;
    console.log(`Server ready (read models caught up) in ${(readyMs / 1000).toFixed(1)} s`);
    // Cold start: the projections, then the issue tracker, notifications and traffic counters start from nothing.
    console.log(
      `Cold-start catch-up: ${Math.round(built.alerts / (readyMs / 1000)).toLocaleString('en')} alert events/s to ready`,
    );
    const base = `http://127.0.0.1:${port}`;
    const token = await signIn(base, 'bench', PASSWORD);
    await callApi(base, token, 'GET', '/api/v1.0/alert_types');
    const rows: Row[] = [];
    for (const path of endpoints(new Date())) {
      if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
      rows.push(await measure(base, token, path, opts));
      console.log(`  ${path}: ${rows[rows.length - 1].status}`);
    }
    console.log(`\n${table(rows)}`);
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((resolve) => server?.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
