import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { waitFor } from '@lorawatch/ingest/testing/recording-sink';
import mqtt from 'mqtt';
import { type DemoBroker, startDemoBroker } from './demo-broker';
import { publishSimulation } from './publish-simulation';

describe('publishSimulation against the demo broker', () => {
  let broker: DemoBroker;
  beforeEach(async () => {
    broker = await startDemoBroker(0);
  });
  afterEach(async () => {
    await broker.close();
  });

  async function subscriber(): Promise<{
    received: Array<{ topic: string; payload: Buffer }>;
    end(): Promise<void>;
  }> {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`);
    const received: Array<{ topic: string; payload: Buffer }> = [];
    client.on('message', (topic, payload) => received.push({ topic, payload }));
    await client.subscribeAsync('gateway/#', { qos: 1 });
    return { received, end: () => client.endAsync() };
  }

  it('publishes a given number of messages as fast as possible, all parseable', async () => {
    const listener = await subscriber();
    const result = await publishSimulation({
      url: `mqtt://127.0.0.1:${broker.port}`,
      devices: 20,
      gateways: 3,
      rate: 50,
      seed: 7,
      count: 300,
      asFastAsPossible: true,
    });
    expect(result.published).toBe(300);
    await waitFor(() => listener.received.length === 300, 'every message at the subscriber');
    const context = { dataSourceId: 1, organizationId: 1, receivedAt: new Date().toISOString() };
    for (const { topic, payload } of listener.received) {
      expect(parseChirpstackV3Message(topic, payload, context).kind).not.toBe('malformed');
    }
    await listener.end();
  });

  it('paces messages in real time and stops at the duration or the abort signal', async () => {
    const started = Date.now();
    const progress: number[] = [];
    const result = await publishSimulation({
      url: `mqtt://127.0.0.1:${broker.port}`,
      devices: 5,
      gateways: 2,
      rate: 5,
      seed: 1,
      durationSeconds: 1.5,
      onProgress: (update) => progress.push(update.published),
      progressIntervalMs: 500,
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    expect(elapsed).toBeLessThan(10_000);
    expect(result.simulatedSeconds).toBeLessThanOrEqual(1.6);
    expect(progress.length).toBeGreaterThanOrEqual(2);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const aborted = await publishSimulation({
      url: `mqtt://127.0.0.1:${broker.port}`,
      devices: 5,
      gateways: 2,
      rate: 5,
      seed: 1,
      signal: controller.signal,
    });
    expect(aborted.elapsedSeconds).toBeLessThan(5);
  });

  it('fails when no broker answers', async () => {
    const port = broker.port;
    await broker.close();
    await expect(
      publishSimulation({
        url: `mqtt://127.0.0.1:${port}`,
        devices: 1,
        gateways: 1,
        rate: 1,
        seed: 1,
        count: 1,
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
    broker = await startDemoBroker(port);
  });
});
