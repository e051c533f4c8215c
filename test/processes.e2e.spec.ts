import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { callApi, signIn } from '../bench/support/api-client';
import { readPipelineProgress } from '../bench/support/pipeline-progress';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { startProcess, type ProcessApp, type StandaloneProcess } from './support/standalone-process';
import { packetIdsOf, pipelineOutcome, simulatedTraffic } from './support/pipeline-traffic';
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

    const messages = simulatedTraffic(MESSAGES, 11);
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

    const expectedPacketIds = packetIdsOf(messages, dataSourceId);
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

    const { stored, raised, expectedAlertIds } = await pipelineOutcome(database);
    const storedIds = stored.map((packet) => packet.id);
    // The detector really died mid-stream, with packets left for its replacement.
    expect(detectedAtKill).toBeLessThan(expectedPacketIds.size);
    expect(new Set(storedIds).size).toBe(storedIds.length);
    expect(new Set(storedIds)).toEqual(expectedPacketIds);
    const raisedIds = raised.map((alert) => alert.id);
    expect(new Set(raisedIds).size).toBe(raisedIds.length);
    expect(new Set(raisedIds)).toEqual(expectedAlertIds);
    expect(raised.some((alert) => alert.code === 'LAF-003')).toBe(true);
  }, 300_000);
});
