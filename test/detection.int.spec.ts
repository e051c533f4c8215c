import { ASSETS, type AssetView } from '@lorawatch/assets/asset.view';
import { packetFromPhy, secondsAfter } from '@lorawatch/detectors/testing/packet-factory';
import type { Packet } from '@lorawatch/domain/packet';
import { buildDataUp } from '@lorawatch/lorawan/build-frames';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { startApp, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

const DEV_EUI = '70b3d54990000abc';
const DEV_ADDR = '26011f0a';
const GATEWAY = 'b827ebfffe29fd97';
const KEYS = { nwkSKey: Buffer.alloc(16, 0x5a), appSKey: Buffer.alloc(16, 0xa5) };

interface AlertJson {
  id: number;
  type: string;
  parameters: Record<string, unknown>;
}
interface IssueJson {
  id: number;
  alert_type: { code: string };
}

/**
 * The detection engine in the real app, real SQLite: packets in the packet log → every detector family and the
 * clock tick → alerts and issue clearances in the event store → the issue tracker → quarantine and alerts read
 * models, and the asset read model with the device's statistics.
 */
describe('detection engine in the standalone app', () => {
  let broker: DemoBroker;
  let harness: Harness;
  let auth: { Authorization: string };
  let dataSourceId: number;
  let organizationId: number;

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    harness = await startApp({ DETECTOR_TICK_SECONDS: '1' });
    const token = await harness.adminToken();
    auth = { Authorization: `Bearer ${token}` };
    organizationId = (
      JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
        user_claims: { organization_id: number };
      }
    ).user_claims.organization_id;
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth)
      .send({
        name: 'Field network',
        data_collector_type_id: 1,
        policy_id: 1,
        ip: '127.0.0.1',
        port: broker.port,
      })
      .expect(200);
    dataSourceId = created.body.id as number;
    await waitFor(
      async () => {
        const response = await harness.http.get(`/api/v1.0/data_collectors/${dataSourceId}`).set(auth);
        return response.body.status === 'CONNECTED' ? true : null;
      },
      15_000,
      'the data source to connect',
    );
  });

  afterAll(async () => {
    await harness?.close();
    await broker?.close();
  });

  const uplink = (fCnt: number, date: string): Packet =>
    packetFromPhy(buildDataUp({ ...KEYS, devAddr: DEV_ADDR, fCnt, fPort: 1, payload: Buffer.from([fCnt]) }), {
      organizationId,
      dataSourceId,
      source: 'chirpstack_collector',
      gateway: GATEWAY,
      devEui: DEV_EUI,
      devEuiInferred: true,
      date,
      receivedAt: date,
      rssi: -97,
      lsnr: 4.5,
    });

  const alerts = async (): Promise<AlertJson[]> =>
    (await harness.http.get('/api/v1.0/alerts?include_parameters=true').set(auth).expect(200))
      .body as AlertJson[];
  const openIssues = async (): Promise<IssueJson[]> =>
    (await harness.http.get('/api/v1.0/quarantined_devices').set(auth).expect(200)).body as IssueJson[];

  it('raises LAF-401 and LAF-403 for a device and gateway gone silent, and closes both issues when they return', async () => {
    const log = harness.app.get<PacketLog>(PACKET_LOG);
    // Forty uplinks a minute apart, three hours ago: a regular device, then silence well past 1800 s.
    const start = new Date(Date.now() - 3 * 3600 * 1000).toISOString();
    await log.append(Array.from({ length: 40 }, (_unused, i) => uplink(i + 1, secondsAfter(start, 60 * i))));

    const silent = await waitFor(
      async () => {
        const issues = await openIssues();
        const codes = issues.map((issue) => issue.alert_type.code).sort();
        return codes.includes('LAF-401') && codes.includes('LAF-403') ? codes : null;
      },
      15_000,
      'the silence issues',
    );
    expect(silent).toEqual(['LAF-401', 'LAF-403']);
    const raised = await alerts();
    const deviceSilent = raised.find((alert) => alert.type === 'LAF-401');
    expect(deviceSilent?.parameters).toMatchObject({
      dev_eui: DEV_EUI,
      gateway: GATEWAY,
      activity_freq: 60,
      policy_name: 'Default',
      last_activity: secondsAfter(start, 60 * 39),
    });
    expect(raised.map((alert) => alert.type).sort()).toEqual(['LAF-400', 'LAF-401', 'LAF-402', 'LAF-403']);

    // The device speaks again: both conditions clear, both issues close with LAF-600.
    await log.append([uplink(41, new Date().toISOString())]);
    await waitFor(
      async () => ((await openIssues()).length === 0 ? true : null),
      15_000,
      'the issues to close',
    );
    const solved = (await alerts()).filter((alert) => alert.type === 'LAF-600');
    expect(solved.map((alert) => alert.parameters.alert_solved_type).sort()).toEqual(['LAF-401', 'LAF-403']);
    expect(solved.every((alert) => typeof alert.parameters.resolution_reason === 'string')).toBe(true);
  });

  it('keeps the device and gateway with their statistics in the asset read model', async () => {
    const store = harness.app.get<ReadStore>(READ_STORE);
    const assets = await store
      .collection<AssetView>(ASSETS)
      .find({ dataSourceId }, { sort: [['id', 'asc']] });
    expect(assets.map((asset) => [asset.type, asset.hexId, asset.connected])).toEqual([
      ['device', DEV_EUI, true],
      ['gateway', GATEWAY, true],
    ]);
    const [device, gateway] = assets;
    expect(device).toMatchObject({
      organizationId,
      devAddr: DEV_ADDR,
      // 70B3D5499 is an IEEE MA-S block.
      vendor: 'Pycom Ltd',
      gateways: [GATEWAY],
      usage: { npackets_up: 41, npackets_lost: 0, max_rssi: -97, max_lsnr: 4.5, ngateways_connected_to: 1 },
    });
    expect(gateway).toMatchObject({ vendor: 'Raspberry Pi Foundation', usage: { npackets_up: 41 } });
    expect(device.numericId).not.toBe(gateway.numericId);
  });

  it('keeps the latest names the network server gave, in the assets and in the alerts of the device', async () => {
    const devEui = '70b3d54990000def';
    const gateway = 'a840411d2bfc4150';
    const log = harness.app.get<PacketLog>(PACKET_LOG);
    const frame = (fCnt: number, names: Partial<Packet>): Packet =>
      packetFromPhy(
        buildDataUp({ ...KEYS, devAddr: '26011f0c', fCnt, fPort: 1, payload: Buffer.from([fCnt]) }),
        {
          organizationId,
          dataSourceId,
          source: 'chirpstack_collector',
          gateway,
          devEui,
          devEuiInferred: true,
          date: new Date(Date.now() - (10 - fCnt) * 60_000).toISOString(),
          rssi: -90,
          lsnr: 5,
          ...names,
        },
      );
    await log.append([
      frame(1, { deviceName: 'water-meter-0007', applicationName: 'meters', gatewayName: 'gw-rooftop' }),
      // Most frames carry no names: they must not erase the ones known.
      frame(2, {}),
    ]);
    const named = await waitFor(
      async () => {
        const list = await harness.http.get('/api/v1.0/inventory/list?size=50').set(auth).expect(200);
        const rows = list.body.assets as Array<{
          id: number;
          hex_id: string;
          name: string | null;
          app_name: string | null;
        }>;
        const device = rows.find((row) => row.hex_id === devEui);
        const station = rows.find((row) => row.hex_id === gateway);
        const store = harness.app.get<ReadStore>(READ_STORE).collection<AssetView>(ASSETS);
        const counted = await store.find({ hexId: devEui });
        return device && station && counted[0]?.usage.npackets_up === 2 ? { device, station } : null;
      },
      15_000,
      'the named assets',
    );
    expect(named.device).toMatchObject({ name: 'water-meter-0007', app_name: 'meters' });
    expect(named.station).toMatchObject({ name: 'gw-rooftop' });
    const detail = await harness.http
      .get(`/api/v1.0/inventory/device/${named.device.id}`)
      .set(auth)
      .expect(200);
    expect(detail.body).toMatchObject({ name: 'water-meter-0007', app_name: 'meters' });

    // Alerts come through the event store and their projection, a little after the assets.
    const [newDevice, newGateway] = await waitFor(
      async () => {
        const raised = await alerts();
        const device = raised.find(
          (alert) => alert.type === 'LAF-400' && alert.parameters.dev_eui === devEui,
        );
        const station = raised.find(
          (alert) => alert.type === 'LAF-402' && alert.parameters.gateway === gateway,
        );
        return device && station ? [device, station] : null;
      },
      15_000,
      'the new device and gateway alerts',
    );
    expect(newDevice.parameters).toMatchObject({
      dev_name: 'water-meter-0007',
      gw_name: 'gw-rooftop',
      app_name: 'meters',
    });
    expect(newGateway.parameters).toMatchObject({ gw_name: 'gw-rooftop' });
  });
});
