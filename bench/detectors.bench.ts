import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DetectionRunner } from '@lorawatch/detection/detection-runner';
import { PolicyProvider } from '@lorawatch/detection/policy-provider';
import {
  detect,
  type DataSourceDetectionState,
  type DeviceDetectionState,
  type GatewayDetectionState,
  type SessionDetectionState,
} from '@lorawatch/detectors/detect';
import {
  dataSourceStateKey,
  deviceStateKey,
  gatewayStateKey,
  sessionStateKey,
} from '@lorawatch/detectors/state-keys';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { ATTACK_KINDS } from '@lorawatch/simulator/attack-kinds';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { openDatabase } from '@lorawatch/sqlite/open-database';

/**
 * `npm run bench:detectors [-- --packets N --runs R]`: detector throughput with every detector on (a policy
 * without items enables every type, LAF-002 included), over simulated ChirpStack v3 traffic with every attack,
 * parsed by the real ingest. Two paths, each timed over the same packets:
 *  1. the sagas alone: detect() over in-memory state (the CPU cost of detection);
 *  2. the detector runner on a real SQLite file: packet log → sagas → state, asset read model and offsets
 *     committed per batch, alerts and clearances appended to the event store (the standalone app's path);
 *  3. the same as a detector replica of a scale-out deployment (`cacheState: false`): the sagas' state is read
 *     back from the store for every batch, because partitions move between replicas.
 * The AppKey audit runs in its own consumer group and has its own benchmark (bench:app-keys).
 */
function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const PACKETS = argument('packets', 50_000);
const RUNS = argument('runs', 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function simulatedPackets(count: number): Packet[] {
  const simulator = new NetworkSimulator({
    devices: 500,
    gateways: 8,
    seed: 42,
    attacks: [...ATTACK_KINDS],
    attackIntervalSeconds: 60,
    applicationEvents: true,
    format: 'chirpstack-v3',
  });
  const parse = createChirpstackV3Parser();
  const packets: Packet[] = [];
  while (packets.length < count) {
    for (const message of simulator.next()) {
      const context = { dataSourceId: 1, organizationId: 1, receivedAt: message.at.toISOString() };
      const outcome = parse(message.topic, message.payload, context);
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
  }
  return packets.slice(0, count);
}

function sagasAlone(packets: readonly Packet[], policy: PolicyView): { ms: number; alerts: number } {
  const devices = new Map<string, DeviceDetectionState>();
  const gateways = new Map<string, GatewayDetectionState>();
  const sessions = new Map<string, SessionDetectionState>();
  const sources = new Map<string, DataSourceDetectionState>();
  let alerts = 0;
  const started = performance.now();
  for (const packet of packets) {
    const deviceKey = deviceStateKey(packet);
    const gatewayKey = gatewayStateKey(packet);
    const sessionKey = sessionStateKey(packet);
    const sourceKey = dataSourceStateKey(packet);
    const result = detect({
      device: deviceKey === null ? undefined : devices.get(deviceKey),
      gateway: gatewayKey === null ? undefined : gateways.get(gatewayKey),
      session: sessionKey === null ? undefined : sessions.get(sessionKey),
      dataSource: sources.get(sourceKey),
      packet,
      policy,
    });
    if (deviceKey !== null && result.device) devices.set(deviceKey, result.device);
    if (gatewayKey !== null && result.gateway) gateways.set(gatewayKey, result.gateway);
    if (sessionKey !== null && result.session) sessions.set(sessionKey, result.session);
    sources.set(sourceKey, result.dataSource);
    alerts += result.alerts.length;
  }
  return { ms: performance.now() - started, alerts };
}

async function runnerOnSqlite(
  packets: readonly Packet[],
  cacheState = true,
): Promise<{ ms: number; alerts: number; dbMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'lorawatch-bench-detectors-'));
  const db = openDatabase(join(dir, 'lorawatch.db'));
  try {
    const log = new SqlitePacketLog(db, {
      partitions: 4,
      retentionDays: 30,
      onError: (e) => console.error(e),
    });
    const events = new SqliteEventStore(db, { onError: (e) => console.error(e) });
    const store = new SqliteReadStore(db);
    await log.append([...packets]);
    const runner = new DetectionRunner(log, events, store, new PolicyProvider(store), new Metrics(), {
      tickIntervalMs: 0,
      cacheState,
    });
    const started = performance.now();
    runner.start();
    await runner.drained();
    const ms = performance.now() - started;
    await runner.stop();
    const alerts = await events.headPosition();
    const pages = db.pragma('page_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    return { ms, alerts, dbMb: (pages * pageSize) / 1e6 };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`Generating ${PACKETS} packets (500 devices, 8 gateways, every attack)...`);
  const packets = simulatedPackets(PACKETS);
  const everyDetector = new PolicyView([]);
  const sagas: number[] = [];
  const runner: number[] = [];
  const replica: number[] = [];
  let sagaAlerts = 0;
  let events = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const alone = sagasAlone(packets, everyDetector);
    sagas.push(alone.ms);
    sagaAlerts = alone.alerts;
    const sqlite = await runnerOnSqlite(packets);
    runner.push(sqlite.ms);
    events = sqlite.alerts;
    // A replica of a scale-out deployment reads its state back for every batch (partitions change hands).
    replica.push((await runnerOnSqlite(packets, false)).ms);
  }
  const rate = (ms: number) => Math.round((packets.length / ms) * 1000);
  console.log('');
  console.log(`| path | packets | median s | median packets/s | runs (packets/s) |`);
  console.log(`|---|---:|---:|---:|---|`);
  console.log(
    `| detect() over in-memory state, every detector on | ${packets.length} | ${(median(sagas) / 1000).toFixed(2)} | ${rate(median(sagas))} | ${sagas.map(rate).join(' · ')} |`,
  );
  console.log(
    `| detector runner on SQLite (state, assets, offsets per batch) | ${packets.length} | ${(median(runner) / 1000).toFixed(2)} | ${rate(median(runner))} | ${runner.map(rate).join(' · ')} |`,
  );
  console.log(
    `| detector replica (state read back per batch) on SQLite | ${packets.length} | ${(median(replica) / 1000).toFixed(2)} | ${rate(median(replica))} | ${replica.map(rate).join(' · ')} |`,
  );
  console.log('');
  console.log(`Alerts raised by the sagas: ${sagaAlerts}; events appended by the runner: ${events}.`);
  console.log(`Peak RSS: ${Math.round(process.memoryUsage().rss / 1e6)} MB.`);
}

void main();
