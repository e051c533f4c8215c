import mqtt from 'mqtt';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimFormatName } from '@lorawatch/simulator/wire-format';
import { startApp, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

/**
 * Every MQTT network-server format, through a real broker and the whole app: the same simulated network,
 * with a join replay, must raise the same kinds of alerts whichever way the network server publishes it.
 */
describe.each<[SimFormatName, number]>([
  ['chirpstack-v3', 1],
  ['chirpstack-v3-protobuf', 1],
  ['chirpstack-v4-json', 4],
  ['chirpstack-v4-protobuf', 4],
])('%s traffic', (format, typeId) => {
  let broker: DemoBroker;
  let harness: Harness;
  let admin: string;

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    harness = await startApp();
    admin = await harness.adminToken();
  });
  afterAll(async () => {
    await harness.close();
    await broker.close();
  });

  it('arrives as packets the detectors read, join replay included', async () => {
    const auth = { Authorization: `Bearer ${admin}` };
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth)
      .send({
        name: format,
        description: '',
        data_collector_type_id: typeId,
        policy_id: 1,
        ip: '127.0.0.1',
        port: broker.port,
      })
      .expect(200);
    await waitFor(async () => {
      const source = await harness.http.get(`/api/v1.0/data_collectors/${created.body.id}`).set(auth);
      return source.body.status === 'CONNECTED' ? true : null;
    });

    const simulator = new NetworkSimulator({
      devices: 4,
      gateways: 2,
      seed: 5,
      format,
      attacks: ['join-replay'],
      attackIntervalSeconds: 60,
      // As the demo network runs: the application events name the devices and (v3) the gateways.
      applicationEvents: true,
    });
    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`);
    let replayed = false;
    for (let step = 0; step < 2000 && !replayed; step++) {
      for (const message of simulator.next()) {
        await publisher.publishAsync(message.topic, message.payload, { qos: 1, retain: message.retain });
        replayed ||= message.attack === 'join-replay';
      }
    }
    await publisher.endAsync();
    expect(replayed).toBe(true);

    const codes = await waitFor(async () => {
      const alerts = await harness.http.get('/api/v1.0/alerts?include_parameters=true').set(auth).expect(200);
      const found = new Set((alerts.body as Array<{ type: string }>).map((alert) => alert.type));
      return found.has('LAF-003') ? found : null;
    }, 20_000);
    expect([...codes].sort()).toEqual(expect.arrayContaining(['LAF-003', 'LAF-400', 'LAF-402']));
    const metrics = (await harness.http.get('/metrics').expect(200)).text;
    expect(metrics).not.toMatch(/lorawatch_collector_malformed_total\{[^}]*\} [1-9]/);

    await expectNamedAssets(harness, auth, format.startsWith('chirpstack-v3'));
  });
});

interface AlertJson {
  type: string;
  device_id: number | null;
  gateway_id: number | null;
  parameters: Record<string, unknown>;
}
interface InventoryJson {
  id: number;
  hex_id: string;
  name: string | null;
}

/**
 * The names the network server gave reach the inventory and the alerts, and the ids alerts give open the assets
 * they name. Gateway names come only with ChirpStack v3 (its application events list them).
 */
async function expectNamedAssets(harness: Harness, auth: { Authorization: string }, gatewayNames: boolean) {
  const get = async <T>(path: string): Promise<T> =>
    (await harness.http.get(`/api/v1.0/${path}`).set(auth).expect(200)).body as T;
  // A device heard only before its first application event (its join request) has no name yet; the rest do.
  const list = await get<{ assets: InventoryJson[] }>('inventory/list?asset_type=device&size=50');
  const devices = list.assets.filter((row) => row.name !== null);
  expect(devices.length).toBeGreaterThan(0);
  for (const row of devices) expect(row.name).toMatch(/^[a-z]+(-[a-z]+)*-\d{4,5}$/);

  const alerts = await get<AlertJson[]>('alerts?include_parameters=true');
  // The replayed join request names its device by DevEUI, which its earlier application events named.
  const replay = alerts.find((alert) => alert.type === 'LAF-003');
  const victim = devices.find((row) => row.hex_id === replay?.parameters.dev_eui);
  expect(victim).toBeDefined();
  expect(replay?.parameters.dev_name).toBe(victim?.name);
  if (gatewayNames) expect(replay?.parameters.gw_name).toMatch(/^gw-[a-z-]+-[0-9a-f]{4}$/);
  else expect(replay?.parameters).not.toHaveProperty('gw_name');

  for (const alert of alerts) {
    const deviceKey = alert.parameters.dev_eui ?? alert.parameters.dev_addr ?? null;
    expect(alert.device_id === null).toBe(deviceKey === null);
    if (deviceKey === null) continue;
    const device = await get<{ hex_id: string; dev_addr: string | null }>(
      `inventory/device/${alert.device_id}`,
    );
    expect([device.hex_id, device.dev_addr]).toContain(deviceKey);
    expect(alert.gateway_id).not.toBeNull();
    const gateway = await get<{ hex_id: string; name: string | null }>(
      `inventory/gateway/${alert.gateway_id}`,
    );
    expect(gateway.hex_id).toBe(alert.parameters.gateway);
    if (gatewayNames) expect(gateway.name).toMatch(/^gw-/);
  }
}
