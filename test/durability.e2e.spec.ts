import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { callApi, signIn } from '../bench/support/api-client';
import { readPipelineProgress } from '../bench/support/pipeline-progress';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { startStandalone, type StandaloneProcess } from './support/standalone-process';
import { packetIdsOf, pipelineOutcome, simulatedTraffic } from './support/pipeline-traffic';
import { waitFor } from './support/wait-for';

const PASSWORD = 'Dur4ble!pass';
const MESSAGES = 4000;

/**
 * Crash safety of the whole pipeline: the server is killed with SIGKILL while a broker streams traffic to it,
 * restarted on the same DATA_DIR, and then every message the broker delivered must be in the packet log exactly
 * once, and the alerts must be exactly those the detectors give for those packets: none lost, none doubled.
 */
describe('kill -9 in the middle of a stream', () => {
  let dataDir: string;
  let database: string;
  let broker: DemoBroker;
  let server: StandaloneProcess | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-durability-'));
    database = join(dataDir, 'lorawatch.db');
    broker = await startDemoBroker(0);
  });

  afterAll(async () => {
    await server?.stop();
    await broker.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged packet once and every alert once', async () => {
    const env = { DATA_DIR: dataDir, DEMO: '0', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: PASSWORD };
    server = await startStandalone(env);
    const token = await signIn(server.url, 'admin', PASSWORD);
    const { id: dataSourceId } = await callApi<{ id: number }>(
      server.url,
      token,
      'POST',
      '/api/v1.0/data_collectors',
      {
        name: 'Streamed network',
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
          server!.url,
          token,
          'GET',
          `/api/v1.0/data_collectors/${dataSourceId}`,
        );
        return source.status === 'CONNECTED' ? true : null;
      },
      15_000,
      'the data source to connect',
    );

    const messages = simulatedTraffic(MESSAGES, 7);
    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      clientId: 'durability-publisher',
    });
    const killAt = Math.floor(messages.length / 3);
    let storedAtCrash = 0;
    for (const [index, message] of messages.entries()) {
      await publisher.publishAsync(message.topic, message.payload, { qos: 1 });
      if (index === killAt) {
        await server.kill9();
        storedAtCrash = (await readPipelineProgress(database)).logged;
      }
    }
    await publisher.endAsync();

    server = await startStandalone(env);
    const expectedPacketIds = packetIdsOf(messages, dataSourceId);
    await waitFor(
      async () => {
        const progress = await readPipelineProgress(database);
        const done =
          progress.detected === expectedPacketIds.size && progress.alertsProjected === progress.alertsRaised;
        return done ? true : null;
      },
      120_000,
      'every packet detected and every alert projected',
    );
    await server.stop();
    server = null;

    const { stored, raised, expectedAlertIds } = await pipelineOutcome(database);
    const storedIds = stored.map((packet) => packet.id);
    // The crash really came mid-stream: the rest arrived after the restart, redelivered by the broker.
    expect(storedAtCrash).toBeGreaterThan(0);
    expect(storedAtCrash).toBeLessThan(expectedPacketIds.size);
    expect(new Set(storedIds).size).toBe(storedIds.length);
    expect(new Set(storedIds)).toEqual(expectedPacketIds);
    const raisedIds = raised.map((alert) => alert.id);
    expect(new Set(raisedIds).size).toBe(raisedIds.length);
    expect(new Set(raisedIds)).toEqual(expectedAlertIds);
    expect(raised.some((alert) => alert.code === 'LAF-003')).toBe(true);
  });
});
