import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView, defaultPolicyItems } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { callApi, signIn } from '@lorawatch/ops/api-client';
import { readPipelineProgress } from '@lorawatch/ops/pipeline-progress';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { startProcess, type ProcessApp, type StandaloneProcess } from './support/standalone-process';
import { waitFor } from './support/wait-for';

const PASSWORD = 'Pr0cesses!pass';
const MESSAGES = 3000;

/**
 * The scale-out topology as separate processes (projector, api, collector, detector) sharing one embedded store
 * (SQLite in WAL mode serves several processes): a data source is created through the api, collected by the
 * collector, detected by the detector (killed with SIGKILL mid-stream and replaced), projected by the projector,
 * and the api pushes the new alerts over its websocket. At the end every delivered message is in the packet log
 * once and the alerts are exactly those the detectors give for those packets.
 */
describe('api, collector, detector and projector as separate processes', () => {
  let dataDir: string;
  let database: string;
  let broker: DemoBroker;
  const running = new Map<string, StandaloneProcess>();
  let socket: Socket | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-processes-'));
    database = join(dataDir, 'lorawatch.db');
    broker = await startDemoBroker(0);
  });

  afterAll(async () => {
    socket?.disconnect();
    for (const process of running.values()) await process.stop();
    await broker.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    DATA_DIR: dataDir,
    DEMO: '0',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: PASSWORD,
    // Silence detectors run on a clock; the comparison below is about packets only.
    DETECTOR_TICK_SECONDS: '0',
  });

  async function start(
    name: string,
    app: ProcessApp,
    extra: Record<string, string> = {},
  ): Promise<StandaloneProcess> {
    const process = await startProcess(app, { ...env(), ...extra });
    running.set(name, process);
    return process;
  }

  it('collects, detects, projects and announces, with a detector replaced mid-stream', async () => {
    const projector = await start('projector', 'projector');
    const api = await start('api', 'api');
    // Two collectors: the lease on the data source lets exactly one of them collect it.
    const collectors = [
      await start('collector-1', 'collector', { INSTANCE_ID: 'collector-1', COLLECTOR_LEASE_SECONDS: '5' }),
      await start('collector-2', 'collector', { INSTANCE_ID: 'collector-2', COLLECTOR_LEASE_SECONDS: '5' }),
    ];
    await start('detector', 'detector');

    const token = await signIn(api.url, 'admin', PASSWORD);
    const { id: dataSourceId } = await callApi<{ id: number }>(
      api.url,
      token,
      'POST',
      '/api/v1.0/data_collectors',
      {
        name: 'Collected network',
        description: '',
        data_collector_type_id: 1,
        policy_id: 1,
        ip: '127.0.0.1',
        port: broker.port,
      },
    );
    await waitFor(
      async () => {
        const source = await callApi<{ status: string }>(
          api.url,
          token,
          'GET',
          `/api/v1.0/data_collectors/${dataSourceId}`,
        );
        return source.status === 'CONNECTED' ? true : null;
      },
      30_000,
      'the collector process to connect the data source',
    );

    const collecting = await Promise.all(
      collectors.map(async (collector) => {
        const health = (await (await fetch(`${collector.url}/health`)).json()) as {
          details: { collecting: number[] };
        };
        return health.details.collecting;
      }),
    );
    expect(collecting.flat()).toEqual([dataSourceId]);

    socket = io(api.url, { transports: ['websocket'], forceNew: true });
    const announced: number[] = [];
    socket.on('new_alert', (message: { alert_id: number }) => announced.push(message.alert_id));
    const updated = new Set<string>();
    socket.on('projection_updated', (message: { projection: string }) => updated.add(message.projection));
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    expect(await socket.emitWithAck('authorization', { token })).toEqual({ ok: true });

    const messages = simulatedTraffic();
    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      clientId: 'processes-publisher',
    });
    const killAt = Math.floor(messages.length / 3);
    const replaceAt = Math.floor((2 * messages.length) / 3);
    let detectedAtKill = 0;
    for (const [index, message] of messages.entries()) {
      await publisher.publishAsync(message.topic, message.payload, { qos: 1 });
      if (index === killAt) {
        await running.get('detector')!.kill9();
        running.delete('detector');
        detectedAtKill = (await readPipelineProgress(database)).detected;
      }
      if (index === replaceAt) await start('detector', 'detector');
    }
    await publisher.endAsync();

    const expectedPacketIds = new Set(messages.flatMap((message) => packetIdsOf(message, dataSourceId)));
    await waitFor(
      async () => {
        const progress = await readPipelineProgress(database);
        const done =
          progress.logged === expectedPacketIds.size &&
          progress.detected === expectedPacketIds.size &&
          progress.alertsProjected === progress.alertsRaised;
        return done ? true : null;
      },
      120_000,
      'every packet collected, detected and every alert projected',
    );

    // The alerts reached the websocket of the api, each once.
    await waitFor(async () => (announced.length > 0 ? true : null), 15_000, 'new_alert from the api');
    expect(new Set(announced).size).toBe(announced.length);
    // Screens reload on projection updates: the alerts read model's were announced too.
    expect([...updated]).toContain('alerts');

    // Each process answers /health; lags are exported where they are measured.
    for (const process of running.values()) expect((await fetch(`${process.url}/health`)).status).toBe(200);
    const detectorMetrics = await (await fetch(`${running.get('detector')!.url}/metrics`)).text();
    expect(detectorMetrics).toMatch(/^lorawatch_detector_lag\{partition="0"\} 0$/m);
    const projectorMetrics = await (await fetch(`${projector.url}/metrics`)).text();
    expect(projectorMetrics).toMatch(/^lorawatch_projection_lag\{projection="alerts"\} \d+$/m);
    expect(projectorMetrics).toMatch(/^lorawatch_event_store_head_position [1-9]\d*$/m);

    for (const [name, process] of running) {
      await process.stop();
      running.delete(name);
    }

    const db = openDatabase(database);
    try {
      const log = new SqlitePacketLog(db, { partitions: 4 });
      const stored: Packet[] = [];
      for (let partition = 0; partition < log.partitions; partition++) {
        stored.push(...(await log.read(partition, 0, 1_000_000)).map((record) => record.packet));
      }
      const storedIds = stored.map((packet) => packet.id);
      // The detector really died mid-stream, with packets left for its replacement.
      expect(detectedAtKill).toBeLessThan(expectedPacketIds.size);
      expect(new Set(storedIds).size).toBe(storedIds.length);
      expect(new Set(storedIds)).toEqual(expectedPacketIds);

      const raised = (await new SqliteEventStore(db).readAll())
        .filter((event) => event.type === 'AlertRaised')
        .map((event) => event.data as AlertDraft);
      const raisedIds = raised.map((alert) => alert.id);
      expect(new Set(raisedIds).size).toBe(raisedIds.length);
      const expected = runDetection(stored, new PolicyView(defaultPolicyItems())).alerts;
      expect(new Set(raisedIds)).toEqual(new Set(expected.map((alert) => alert.id)));
      expect(raised.some((alert) => alert.code === 'LAF-003')).toBe(true);
    } finally {
      db.close();
    }
  }, 300_000);
});

function simulatedTraffic(): SimMessage[] {
  const simulator = new NetworkSimulator({
    devices: 30,
    gateways: 3,
    seed: 11,
    attacks: ['join-replay', 'devnonce-repeat'],
    attackIntervalSeconds: 120,
  });
  const messages: SimMessage[] = [];
  while (messages.length < MESSAGES) messages.push(...simulator.next());
  return messages.filter((message) => !message.retain);
}

function packetIdsOf(message: SimMessage, dataSourceId: number): string[] {
  const outcome = parseChirpstackV3Message(message.topic, message.payload, {
    dataSourceId,
    organizationId: 1,
    receivedAt: new Date().toISOString(),
  });
  return outcome.kind === 'packets' ? outcome.packets.map((packet) => packet.id) : [];
}
