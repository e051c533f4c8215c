import { ASSETS, type AssetView } from '@lorawatch/assets/asset.view';
import { alertOn, uplink } from '@lorawatch/issues/testing/issue-scenario';
import { IssueWorld } from '@lorawatch/issues/testing/issue-world';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { ALERTS, SHOWN, type AlertView } from '@lorawatch/domain/alert.view';
import { READ_STORE, type Filter, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type CallerTokens } from './support/callers';

const BASE = new Date(Date.now() - 3_600_000).toISOString();
const PUMP = { devEui: '0004a30b001c0aaa', devAddr: '26010aaa' };
const VALVE = { devEui: '0004a30b001c0bbb', devAddr: '26010bbb' };
const GATEWAY = 'b827ebfffe29aaaa';

interface AlertJson {
  id: number;
}

describe('searching alerts and resolving several at once', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let store: ReadStore;

  /** The ids of the shown alerts the read model holds for a condition: what a search must answer. */
  const expected = async (filter: Filter) =>
    (await store.collection<AlertView>(ALERTS).find({ organizationId: 1, show: SHOWN, ...filter }))
      .map((alert) => alert.numericId)
      .sort((a, b) => a - b);

  const get = (path: string) => harness.http.get(path).set(authorization(tokens, 'admin'));
  const ids = (body: AlertJson[]) => body.map((alert) => alert.id).sort((a, b) => a - b);

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness, 71);
    store = harness.app.get<ReadStore>(READ_STORE);
    // The network server's names reach the assets through their packets.
    const named = [
      uplink(PUMP, BASE, 1, { deviceName: 'Boiler Pump 3', gateway: GATEWAY, gatewayName: 'Roof North' }),
      uplink(VALVE, BASE, 1, { deviceName: 'Main valve' }),
    ];
    await harness.app.get<PacketLog>(PACKET_LOG).append(named);
    const assets = store.collection<AssetView>(ASSETS);
    const deadline = Date.now() + 20_000;
    while ((await assets.find({ organizationId: 1 })).filter((asset) => asset.name).length < 3) {
      if (Date.now() > deadline) throw new Error('the named assets did not appear');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new IssueWorld(harness).raise(
      alertOn('LAF-001', uplink(PUMP, BASE, 2, { gateway: GATEWAY }), { dev_nonce: 1 }),
      alertOn('LAF-001', uplink(PUMP, BASE, 3, { gateway: GATEWAY }), { dev_nonce: 2 }),
      alertOn('LAF-001', uplink(VALVE, BASE, 2), { dev_nonce: 3 }),
    );
  });
  afterAll(async () => harness.close());

  it('finds alerts by DevEUI in any case and with separators, and by DevAddr', async () => {
    const pump = await expected({ devEui: PUMP.devEui });
    expect(pump.length).toBeGreaterThanOrEqual(2);
    const byEui = await get('/api/v1.0/alerts?search=00:04:A3:0B:00:1C:0A:AA').expect(200);
    expect(ids(byEui.body as AlertJson[])).toEqual(pump);
    const byAddr = await get(`/api/v1.0/alerts?search=${PUMP.devAddr.toUpperCase()}`).expect(200);
    expect(ids(byAddr.body as AlertJson[])).toEqual(pump);
  });

  it('finds alerts by part of a device or gateway name, and counts what it finds', async () => {
    const valve = await expected({ devEui: VALVE.devEui });
    expect(valve.length).toBeGreaterThanOrEqual(1);
    const byDevice = await get('/api/v1.0/alerts?search=valve').expect(200);
    expect(ids(byDevice.body as AlertJson[])).toEqual(valve);
    const heard = await expected({ gateway: GATEWAY });
    expect(heard.length).toBeGreaterThanOrEqual(2);
    const byGateway = await get('/api/v1.0/alerts?search=roof%20n').expect(200);
    expect(ids(byGateway.body as AlertJson[])).toEqual(heard);
    const pump = await expected({ devEui: PUMP.devEui });
    const count = await get('/api/v1.0/alerts/count?group_by=TOTAL&search=pump').expect(200);
    expect(count.body).toEqual({ count: pump.length });
    const byHour = await get('/api/v1.0/alerts/count?group_by=HOUR&search=pump').expect(200);
    const hourly = (byHour.body as Array<{ count: number }>).reduce((sum, row) => sum + row.count, 0);
    expect(hourly).toBe(pump.length);
    const none = await get('/api/v1.0/alerts?search=no%20such%20thing').expect(200);
    expect(none.body).toEqual([]);
  });

  it('rejects a search text that is too long', async () => {
    const response = await get(`/api/v1.0/alerts?search=${'a'.repeat(101)}`).expect(400);
    expect(response.body.error).toBe('search must be at most 100 characters');
  });

  it('resolves the selected alerts for an administrator and reports the ones it could not', async () => {
    const pump = ids((await get('/api/v1.0/alerts?search=pump').expect(200)).body as AlertJson[]);
    const response = await harness.http
      .put('/api/v1.0/alerts/resolve')
      .set(authorization(tokens, 'admin'))
      .send({ ids: [...pump, 999_999], comment: 'checked on site' })
      .expect(200);
    expect(response.body).toEqual({
      message: `${pump.length} resolved, 1 not resolved`,
      resolved: pump,
      failed: [{ id: 999_999, error: 'not found' }],
    });
    const open = (await get('/api/v1.0/alerts?resolved=false&search=pump').expect(200)).body;
    expect(open).toEqual([]);
  });

  it('is for administrators only and needs at least one id', async () => {
    const valve = (await expected({ devEui: VALVE.devEui })).slice(0, 1);
    await harness.http
      .put('/api/v1.0/alerts/resolve')
      .set(authorization(tokens, 'user'))
      .send({ ids: valve })
      .expect(403);
    const empty = await harness.http
      .put('/api/v1.0/alerts/resolve')
      .set(authorization(tokens, 'admin'))
      .send({ ids: [] })
      .expect(400);
    expect(empty.body.error).toBe('ids must name at least one alert');
    const ok = await harness.http
      .put('/api/v1.0/alerts/resolve')
      .set(authorization(tokens, 'admin'))
      .send({ ids: valve })
      .expect(200);
    expect(ok.body.message).toBe('1 alert resolved successfully');
  });
});
