import mqtt from 'mqtt';
import { FuzzRandom } from '@lorawatch/ingest/testing/gateway-fuzz';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { readPipelineProgress } from '../bench/support/pipeline-progress';
import { join } from 'node:path';
import { startApp, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

const MALFORMED = 10_000;
const TOPIC = 'gateway/7276ff002e062c18/event/up';

/**
 * Bad input through the whole app: 10,000 malformed ChirpStack messages of every kind, interleaved with a
 * simulated network's valid traffic, on a real broker. The process stays up, every bad message is counted and
 * summarised in the data source's log (rate-limited), and every valid frame is ingested.
 */
describe('a data source fed garbage', () => {
  let broker: DemoBroker;
  let harness: Harness;

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    harness = await startApp();
  });
  afterAll(async () => {
    await harness.close();
    await broker.close();
  });

  it('counts and logs every malformed message and ingests all the valid ones', async () => {
    const auth = { Authorization: `Bearer ${await harness.adminToken()}` };
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth)
      .send({
        name: 'Noisy',
        description: '',
        data_collector_type_id: 1,
        policy_id: 1,
        ip: '127.0.0.1',
        port: broker.port,
      })
      .expect(200);
    const id = created.body.id as number;
    await waitFor(async () =>
      (await harness.http.get(`/api/v1.0/data_collectors/${id}`).set(auth)).body.status === 'CONNECTED'
        ? true
        : null,
    );

    const valid = validTraffic(1000);
    const frames = valid.filter((message) => message.kind === 'uplink' || message.kind === 'downlink').length;
    const random = new FuzzRandom(2026);
    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`);
    let next = 0;
    for (let index = 0; index < MALFORMED; index++) {
      await publisher.publishAsync(TOPIC, malformedPayload(random, index), { qos: 1 });
      if (index % 10 === 0 && next < valid.length) {
        const message = valid[next++];
        await publisher.publishAsync(message.topic, message.payload, { qos: 1 });
      }
    }
    while (next < valid.length) {
      const message = valid[next++];
      await publisher.publishAsync(message.topic, message.payload, { qos: 1 });
    }
    await publisher.endAsync();

    await waitFor(
      async () =>
        (await readPipelineProgress(join(harness.config.dataDir, 'lorawatch.db'))).logged === frames
          ? true
          : null,
      60_000,
      'every valid frame in the packet log',
    );
    const malformedCounted = await waitFor(async () => {
      const metrics = (await harness.http.get('/metrics').expect(200)).text;
      const line = metrics
        .split('\n')
        .find((row) => row.startsWith(`lorawatch_collector_malformed_total{data_source="${id}"}`));
      const count = line ? Number(line.split(' ').pop()) : 0;
      return count >= MALFORMED ? count : null;
    }, 30_000);
    expect(malformedCounted).toBe(MALFORMED);

    const log = (await harness.http.get(`/api/v1.0/data_collectors/${id}/log?size=100`).set(auth).expect(200))
      .body as Array<{
      type: string;
      parameters: { message: string; count: number };
    }>;
    const parsing = log.filter((entry) => entry.type === 'FAILED_PARSING');
    // Rate-limited: the first at once, the rest summed per minute, never one per message.
    expect(parsing.length).toBeGreaterThanOrEqual(1);
    expect(parsing.length).toBeLessThan(5);
    expect(parsing[parsing.length - 1].parameters.message).toContain(TOPIC);
    expect((await harness.http.get(`/api/v1.0/data_collectors/${id}`).set(auth)).body.status).toBe(
      'CONNECTED',
    );
    await harness.http.get('/health').expect(200);
  });
});

function validTraffic(count: number): SimMessage[] {
  const simulator = new NetworkSimulator({ devices: 10, gateways: 2, seed: 9 });
  const messages: SimMessage[] = [];
  while (messages.length < count) messages.push(...simulator.next().filter((message) => !message.retain));
  return messages;
}

/** One malformed message of each kind in turn. */
function malformedPayload(random: FuzzRandom, index: number): Buffer {
  const joinRequest = 'AAEBAQEBAQEBAgICAgICAgJzTIBGXXg=';
  switch (index % 8) {
    case 0:
      return Buffer.from(`{"phyPayload":"${joinRequest}"`); // cut JSON
    case 1:
      return Buffer.from(JSON.stringify({ phyPayload: '@@not base64@@', rxInfo: { rssi: -50 } }));
    case 2:
      return Buffer.from(
        JSON.stringify({
          phyPayload: Buffer.from(joinRequest, 'base64').subarray(0, random.int(1, 11)).toString('base64'),
        }),
      );
    case 3:
      return Buffer.from(JSON.stringify({ phyPayload: random.int(0, 1e6) }));
    case 4:
      return Buffer.from(JSON.stringify({ phyPayload: joinRequest, rxInfo: { rssi: 'loud', loRaSNR: [] } }));
    case 5:
      return Buffer.from(JSON.stringify({ phyPayload: joinRequest, filler: 'x'.repeat(70_000) }));
    case 6:
      return Buffer.from(JSON.stringify([1, 2, 3]));
    default:
      return Buffer.from(JSON.stringify({ txInfo: {}, rxInfo: {} }));
  }
}
