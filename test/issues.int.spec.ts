import { WORLD } from '@lorawatch/assets/testing/inventory-world';
import { seedWorld, type SeededWorld } from '@lorawatch/assets/testing/seed-world';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { secondsAfter } from '@lorawatch/detectors/testing/packet-factory';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  alertOn,
  clearedOn,
  joinRequest,
  uplink,
  type TestDevice,
} from '@lorawatch/issues/testing/issue-scenario';
import { IssueWorld } from '@lorawatch/issues/testing/issue-world';
import { ISSUE_TRACKER_CHECKPOINT, TRACKED_ISSUES } from '@lorawatch/issues/tracker/issue-tracker';
import { io } from 'socket.io-client';
import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';
import { waitFor } from './support/wait-for';

interface IssueRecord {
  id: number;
  device_id: number | null;
  since: string;
  last_checked: string;
  data_collector_id: number;
  data_collector_name: string | null;
  alert: { id: number; type: string; parameters: Record<string, unknown> };
  alert_type: { id: number; code: string; risk: string };
}
interface AlertJson {
  id: number;
  type: string;
  parameters: Record<string, unknown>;
}

/** A device per test, so that tests sharing the app do not share issues. */
let deviceCount = 0;
const nextDevice = (): TestDevice => {
  deviceCount += 1;
  const suffix = deviceCount.toString(16).padStart(4, '0');
  return { devEui: `0004a30b001c${suffix}`, devAddr: `2601${suffix}` };
};
// Recent dates: the app's own minute ticks must not time these issues out while the suite runs.
const BASE = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 6 * 3_600_000).toISOString();

describe('current issues', () => {
  let harness: Harness;
  let world: IssueWorld;
  let admin: string;
  let fieldId: number;
  let labId: number;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    harness = await startApp();
    world = new IssueWorld(harness);
    admin = await harness.adminToken();
    fieldId = await createDataSource(harness, admin, 'Field');
    labId = await createDataSource(harness, admin, 'Lab');
  });
  afterAll(async () => harness.close());

  const on = (dataSourceId: number) => ({ dataSourceId, organizationId: 1 });
  const issues = async (query = '') =>
    (await harness.http.get(`/api/v1.0/quarantined_devices${query}`).set(auth(admin)).expect(200))
      .body as IssueRecord[];
  const alerts = async (query = '') =>
    (await harness.http.get(`/api/v1.0/alerts?include_parameters=true${query}`).set(auth(admin)).expect(200))
      .body as AlertJson[];
  const issueOf = async (alertType: string, device: TestDevice) =>
    (await issues()).find((r) => r.alert.type === alertType && r.alert.parameters.dev_eui === device.devEui);

  it('opens an issue with the first alert, shows it, and hides its recurrences', async () => {
    const device = nextDevice();
    const first = alertOn('LAF-100', uplink(device, BASE, 10, on(fieldId)), { rssi: -125 });
    const again = alertOn('LAF-100', uplink(device, secondsAfter(BASE, 60), 11, on(fieldId)), { rssi: -126 });
    await world.raise(first, again);

    const shown = (await alerts('&type[]=LAF-100')).filter((a) => a.parameters.dev_eui === device.devEui);
    expect(shown.map((a) => a.parameters.packet_id)).toEqual([first.packet.id]);
    const record = await issueOf('LAF-100', device);
    expect(record).toMatchObject({
      id: expect.any(Number),
      organization_id: 1,
      alert: { id: shown[0].id, type: 'LAF-100', parameters: { rssi: -125 } },
      alert_type: { id: alertTypeByCode('LAF-100').id, code: 'LAF-100' },
      // The device's inventory id: 'current issues name their assets' opens it.
      device_id: expect.any(Number),
      data_collector_id: fieldId,
      data_collector_name: 'Field',
      parameters: {},
      since: BASE,
      last_checked: again.createdAt,
      resolved_at: null,
      resolution_reason_id: null,
    });
    // A recurrence is no alert for the API: counts agree with the list.
    const total = await harness.http
      .get('/api/v1.0/alerts/count?group_by=TOTAL&type[]=LAF-100')
      .set(auth(admin))
      .expect(200);
    expect(total.body.count).toBe((await alerts('&type[]=LAF-100')).length);
  });

  it('announces an issue-type alert on the websocket once its issue opens, and never its recurrences', async () => {
    const received: number[] = [];
    const devicesOf = new Map<number, number | null>();
    const socket = io(harness.url, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.on('new_alert', (message: { alert_id: number; alert: { device_id: number | null } }) => {
      received.push(message.alert_id);
      devicesOf.set(message.alert_id, message.alert.device_id);
    });
    expect(await socket.timeout(5000).emitWithAck('authorization', { token: admin })).toEqual({ ok: true });
    try {
      const device = nextDevice();
      const first = alertOn('LAF-103', uplink(device, BASE, 1, on(fieldId)));
      const recurrences = [2, 3].map((n) =>
        alertOn('LAF-103', uplink(device, secondsAfter(BASE, n), n, on(fieldId))),
      );
      // Raised last, shown at once: once it is announced, everything before it has been.
      const sentinel = alertOn('LAF-001', joinRequest(device.devEui!, 9, BASE, on(fieldId)));
      await world.raise(first, ...recurrences, sentinel);
      const shown = (await alerts()).filter((a) => a.parameters.dev_eui === device.devEui).map((a) => a.id);
      expect(shown).toHaveLength(2);
      await waitFor(
        async () => (shown.every((id) => received.includes(id)) ? true : null),
        5000,
        'new_alert',
      );
      expect(received.sort((x, y) => x - y)).toEqual(shown.sort((x, y) => x - y));
      // The announcement names the device by the same id as the alert list and the device's issue.
      const record = await issueOf('LAF-103', device);
      expect(record?.device_id).toEqual(expect.any(Number));
      expect(shown.map((id) => devicesOf.get(id))).toEqual([record?.device_id, record?.device_id]);
    } finally {
      socket.close();
    }
  });

  it('hides LAF-501 while LAF-404 is open, and closes LAF-404 with LAF-600 when the device joins', async () => {
    const device = nextDevice();
    const failed = alertOn('LAF-404', joinRequest(device.devEui!, 1, BASE, on(fieldId)));
    const anomaly = alertOn('LAF-501', joinRequest(device.devEui!, 2, secondsAfter(BASE, 30), on(fieldId)));
    await world.raise(failed, anomaly);
    expect((await issues()).filter((r) => r.alert.parameters.dev_eui === device.devEui)).toHaveLength(1);
    expect((await alerts('&type[]=LAF-501')).some((a) => a.parameters.dev_eui === device.devEui)).toBe(false);

    const joined = uplink(device, secondsAfter(BASE, 600), 1, on(fieldId));
    await world.clear(clearedOn('LAF-404', joined, 'device connected'));
    expect(await issueOf('LAF-404', device)).toBeUndefined();
    const [solved] = (await alerts('&type[]=LAF-600')).filter((a) => a.parameters.dev_eui === device.devEui);
    expect(solved.parameters).toMatchObject({
      alert_solved_type: 'LAF-404',
      alert_solved: alertTypeByCode('LAF-404').name,
      resolution_reason: 'device connected',
      packet_id: joined.id,
      packet_data: { id: joined.id },
    });
  });

  it('closes an issue whose timeout passed, with a LAF-600 clone; a timeout of 0 never passes', async () => {
    const device = nextDevice();
    const weak = alertOn('LAF-102', uplink(device, BASE, 10, on(fieldId)), { lsnr: -21 });
    const keyFound = alertOn('LAF-009', joinRequest(device.devEui!, 3, BASE, on(fieldId)));
    await world.raise(weak, keyFound);
    const timeout = alertTypeByCode('LAF-102').quarantineTimeout;
    await world.tick(secondsAfter(BASE, timeout));
    expect(await issueOf('LAF-102', device)).toBeDefined();

    await world.tick(secondsAfter(BASE, timeout + 1));
    expect(await issueOf('LAF-102', device)).toBeUndefined();
    expect(await issueOf('LAF-009', device)).toBeDefined();
    const [solved] = (await alerts('&type[]=LAF-600')).filter((a) => a.parameters.dev_eui === device.devEui);
    expect(solved.parameters).toMatchObject({
      lsnr: -21,
      dev_addr: device.devAddr,
      packet_id: weak.packet.id,
      packet_data: null,
      alert_solved_type: 'LAF-102',
      resolution_reason: expect.stringContaining('1 hour'),
    });
  });

  it('removes an issue by hand: LAF-601 names the user; a second removal is a conflict', async () => {
    const device = nextDevice();
    await world.raise(alertOn('LAF-006', uplink(device, BASE, 0, on(fieldId))));
    const record = (await issueOf('LAF-006', device))!;
    const remove = (body: Record<string, unknown>) =>
      harness.http.post('/api/v1.0/quarantined_devices/remove').set(auth(admin)).send(body);

    const tooLong = await remove({ id: record.id, comment: 'x'.repeat(1025) }).expect(400);
    expect(tooLong.body.error).toBe('Too long comment. Max length: 1024 characters.');
    await remove({ comment: 'no id' }).expect(400);
    await remove({ id: 999_999, comment: 'unknown' }).expect(404);

    const done = await remove({ id: record.id, comment: 'device re-flashed' }).expect(200);
    expect(done.body).toBe(200);
    expect(await issueOf('LAF-006', device)).toBeUndefined();
    await world.settle();
    const [manual] = (await alerts('&type[]=LAF-601')).filter((a) => a.parameters.dev_eui === device.devEui);
    expect(manual.parameters).toMatchObject({
      user_id: 1,
      user_name: expect.any(String),
      resolution_comment: 'device re-flashed',
      alert_solved_type: 'LAF-006',
    });
    const again = await remove({ id: record.id, comment: 'twice' }).expect(409);
    expect(again.body.error).toBe('The issue is already resolved');
  });

  it('opens a new issue when a removed issue recurs', async () => {
    const device = nextDevice();
    await world.raise(alertOn('LAF-007', uplink(device, BASE, 5, on(fieldId))));
    const record = (await issueOf('LAF-007', device))!;
    await harness.http
      .post('/api/v1.0/quarantined_devices/remove')
      .set(auth(admin))
      .send({ id: record.id, comment: 'ok' })
      .expect(200);
    await world.raise(alertOn('LAF-007', uplink(device, secondsAfter(BASE, 90), 6, on(fieldId))));
    const reopened = await issueOf('LAF-007', device);
    expect(reopened?.id).toBeGreaterThan(record.id);
  });

  describe('filters, order, paging and counts', () => {
    const a = nextDevice();
    const b = nextDevice();
    const gateway = '00800000a000ffff';
    // Another organisation's issue must never show.
    const foreign = nextDevice();

    beforeAll(async () => {
      await world.raise(
        alertOn('LAF-103', uplink(a, secondsAfter(BASE, 3600), 1, on(fieldId))),
        alertOn('LAF-101', uplink(b, secondsAfter(BASE, 7200), 1, on(fieldId))),
        alertOn('LAF-011', uplink(a, secondsAfter(BASE, 10800), 1, on(labId))),
        alertOn('LAF-010', uplink(b, secondsAfter(BASE, 14400), 2, { ...on(fieldId), gateway })),
        alertOn(
          'LAF-101',
          uplink(foreign, secondsAfter(BASE, 3600), 1, { dataSourceId: 99, organizationId: 2 }),
        ),
      );
    });

    const mine = (records: IssueRecord[]) =>
      records.filter((r) => [a.devEui, b.devEui].includes(r.alert.parameters.dev_eui as string));
    const since = (hours: number) => encodeURIComponent(secondsAfter(BASE, hours * 3600));

    it('filters by type id, risk, data source, device and date', async () => {
      const type103 = alertTypeByCode('LAF-103').id;
      expect(mine(await issues(`?alerttype[]=${type103}`)).map((r) => r.alert.type)).toEqual(['LAF-103']);
      const raised = ['LAF-103', 'LAF-101', 'LAF-011', 'LAF-010'];
      const high = raised.filter((code) => alertTypeByCode(code)?.risk === 'HIGH');
      expect(high).not.toEqual([]);
      expect(mine(await issues('?risk[]=HIGH')).map((r) => r.alert.type)).toEqual(high);
      expect((await issues(`?data_collector[]=${labId}`)).map((r) => r.alert.type)).toEqual(['LAF-011']);
      expect((await issues(`?device[]=${a.devEui}`)).map((r) => r.alert.type).sort()).toEqual([
        'LAF-011',
        'LAF-103',
      ]);
      const fromHour2 = mine(await issues(`?created_at[gte]=${since(2)}&created_at[lte]=${since(3)}`));
      expect(fromHour2.map((r) => r.alert.type)).toEqual(['LAF-011', 'LAF-101']);
      const inverted = await harness.http
        .get(`/api/v1.0/quarantined_devices?created_at[gte]=${since(3)}&created_at[lte]=${since(2)}`)
        .set(auth(admin))
        .expect(400);
      expect(inverted.body.error).toBe('since value must be before or equal to until value');
      expect(JSON.stringify(await issues())).not.toContain(foreign.devEui);
    });

    it('orders by since (newest first by default) and pages from 1 when page and size are given', async () => {
      const all = await issues();
      const sinces = all.map((r) => r.since);
      expect(sinces).toEqual([...sinces].sort().reverse());
      const ascending = await issues('?order_by[]=since&order_by[]=ASC');
      expect(ascending.map((r) => r.id)).toEqual(all.map((r) => r.id).reverse());
      const byCheck = await issues('?order_by[]=last_checked&order_by[]=DESC');
      expect(byCheck).toHaveLength(all.length);
      expect((await issues('?page=2&size=2')).map((r) => r.id)).toEqual(all.slice(2, 4).map((r) => r.id));
      expect(await issues('?page=2')).toHaveLength(all.length);
      await harness.http
        .get('/api/v1.0/quarantined_devices?order_by[]=nonsense&order_by[]=ASC')
        .set(auth(admin))
        .expect(400);
    });

    it('counts records by type, risk and data source', async () => {
      const count = (query: string) =>
        harness.http.get(`/api/v1.0/quarantined_devices/count${query}`).set(auth(admin));
      const all = await issues();
      expect((await count('').expect(200)).body).toEqual({ count: all.length });
      const byType = (await count('?group_by=alert_type_name').expect(200)).body as Array<{
        alert_type_id: number;
        alert_type_name: string;
        count: number;
      }>;
      expect(byType.find((row) => row.alert_type_id === alertTypeByCode('LAF-101').id)).toEqual({
        alert_type_id: alertTypeByCode('LAF-101').id,
        alert_type_name: alertTypeByCode('LAF-101').name,
        count: all.filter((r) => r.alert.type === 'LAF-101').length,
      });
      const byRisk = (await count('?group_by=alert_type_risk').expect(200)).body as Array<{ count: number }>;
      expect(byRisk.reduce((sum, row) => sum + row.count, 0)).toBe(all.length);
      const bySource = (await count('?group_by=data_collector_name').expect(200)).body;
      expect(bySource).toEqual(
        expect.arrayContaining([{ data_collector_id: labId, data_collector_name: 'Lab', count: 1 }]),
      );
      expect((await count('?group_by=nonsense').expect(400)).body.error).toBe('invalid group_by parameter');
    });

    it('counts distinct devices, in total and per hour or day of `since`; gateways are no devices', async () => {
      const count = (query: string) =>
        harness.http.get(`/api/v1.0/quarantined_devices/devices_count${query}`).set(auth(admin));
      const window = `created_at[gte]=${since(1)}&created_at[lte]=${since(4)}`;
      // a in Field and in Lab are two devices (one per data source); b's gateway issue names no device.
      expect((await count(`?${window}`).expect(200)).body).toEqual({ count: 3 });
      const hours = (await count(`?${window}&group_by=HOUR`).expect(200)).body as Array<{ hour: string }>;
      expect(hours.map((row) => Date.parse(row.hour))).toEqual(
        [1, 2, 3].map((h) => Date.parse(secondsAfter(BASE, h * 3600))),
      );
      const days = (await count(`?${window}&group_by=DAY`).expect(200)).body as Array<{ count: number }>;
      expect(days.reduce((sum, row) => sum + row.count, 0)).toBeGreaterThanOrEqual(3);
      expect((await count('?group_by=WEEK').expect(400)).body.error).toBe('"Group by" value is not valid');
    });

    it('leaves out the issues of deleted data sources', async () => {
      await harness.http.delete(`/api/v1.0/data_collectors/${labId}`).set(auth(admin)).expect(200);
      await world.settle();
      expect(await issues(`?data_collector[]=${labId}`)).toEqual([]);
      expect((await issues()).some((r) => r.data_collector_id === labId)).toBe(false);
    });
  });

  it('restarted mid-stream, or replayed from the start, the tracker opens and raises nothing twice', async () => {
    const device = nextDevice();
    await world.raise(alertOn('LAF-100', uplink(device, BASE, 1, on(fieldId))));
    await world.tracker.stop();
    await world.raise(
      alertOn('LAF-100', uplink(device, secondsAfter(BASE, 30), 2, on(fieldId))),
      alertOn('LAF-102', uplink(device, secondsAfter(BASE, 40), 3, on(fieldId))),
    );
    await world.tracker.start();
    await world.tick(secondsAfter(BASE, 30 + 3601));
    const before = await world.countEvents();
    const listed = await issues();
    const shown = await alerts();

    // A crash that lost the tracker's state and checkpoint: everything is decided again from the first event.
    await world.tracker.stop();
    await harness.app.get<ReadStore>(READ_STORE).reset([TRACKED_ISSUES.name], ISSUE_TRACKER_CHECKPOINT);
    await world.tracker.start();
    await world.settle();
    expect(await world.countEvents()).toEqual(before);
    expect(await issues()).toEqual(listed);
    expect(await alerts()).toEqual(shown);
    expect(before.IssueOpened).toBeGreaterThan(0);
    expect(before.IssueClosed).toBeGreaterThan(0);
  });
});

/** Who may do what with current issues (CONTRIBUTING.md §5); another organisation's admin sees an empty organisation. */
const TABLE: Array<['get' | 'post', string, Record<Caller, number>]> = [
  ['get', '/api/v1.0/quarantined_devices', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
  [
    'get',
    '/api/v1.0/quarantined_devices/count',
    { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
  ],
  [
    'get',
    '/api/v1.0/quarantined_devices/devices_count',
    { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
  ],
  [
    'post',
    '/api/v1.0/quarantined_devices/remove',
    { anonymous: 401, user: 200, admin: 200, 'other admin': 404 },
  ],
];

describe('current issues authorization', () => {
  let harness: Harness;
  let world: IssueWorld;
  let dataSourceId: number;
  let tokens: CallerTokens;

  beforeAll(async () => {
    harness = await startApp();
    world = new IssueWorld(harness);
    tokens = await callerTokens(harness, 60);
    dataSourceId = await createDataSource(harness, tokens.admin, 'Authz');
  });
  afterAll(async () => harness.close());

  it.each(TABLE)('%s %s', async (method, path, expected) => {
    for (const caller of Object.keys(expected) as Caller[]) {
      // A fresh issue of organisation 1 for every call, so a removal does not change the next caller's outcome.
      const device = nextDevice();
      await world.raise(alertOn('LAF-103', uplink(device, BASE, 1, { dataSourceId, organizationId: 1 })));
      const listed = await harness.http
        .get(`/api/v1.0/quarantined_devices?device[]=${device.devEui}`)
        .set({ Authorization: `Bearer ${tokens.admin}` })
        .expect(200);
      const request = harness.http[method](path).set(authorization(tokens, caller));
      const response = await (method === 'post'
        ? request.send({ id: listed.body[0].id, comment: `by ${caller}` })
        : request);
      expect({ caller, status: response.status }).toEqual({ caller, status: expected[caller] });
      if (caller === 'other admin' && method === 'get')
        expect(response.body).toEqual(path.endsWith('quarantined_devices') ? [] : { count: 0 });
    }
  });
});
/**
 * Issues name their device by the id the inventory opens (docs/api.md §7, §10): the world's assets come from real
 * traffic through the detectors, then issues are opened on them the way the detectors raise alerts.
 */
describe('current issues name their assets', () => {
  let harness: Harness;
  let world: IssueWorld;
  let seeded: SeededWorld;
  let admin: string;

  beforeAll(async () => {
    harness = await startApp();
    world = new IssueWorld(harness);
    admin = await harness.adminToken();
    seeded = await seedWorld(harness.app, 1, await createDataSource(harness, admin, 'World'));
  });
  afterAll(async () => harness.close());

  const get = async (path: string) =>
    (
      await harness.http
        .get(`/api/v1.0/${path}`)
        .set({ Authorization: `Bearer ${admin}` })
        .expect(200)
    ).body;

  it('gives a device issue its device id and its alert the device and gateway ids, which open them', async () => {
    const on = { organizationId: 1, dataSourceId: seeded.dataSourceId, gateway: WORLD.raspberry };
    const weakDevice = { devEui: WORLD.weak.devEui, devAddr: WORLD.weak.devAddr };
    await world.raise(alertOn('LAF-100', uplink(weakDevice, BASE, 99, on), { rssi: -125 }));
    const [record] = (await get('quarantined_devices?alerttype[]=' + alertTypeByCode('LAF-100').id)) as Array<
      IssueRecord & { device_id: number; alert: { device_id: number; gateway_id: number } }
    >;
    expect(record.device_id).toBe(seeded.ids.weak);
    expect(record.alert).toMatchObject({ device_id: seeded.ids.weak, gateway_id: seeded.ids.raspberry });
    expect(await get(`inventory/device/${record.device_id}`)).toMatchObject({ hex_id: WORLD.weak.devEui });
    expect(await get(`inventory/gateway/${record.alert.gateway_id}`)).toMatchObject({
      hex_id: WORLD.raspberry,
    });
    const issuesOfDevice = (await get(`inventory/device/${record.device_id}/issues`)) as {
      issues: Array<{ id: number }>;
    };
    expect(issuesOfDevice.issues.map((issue) => issue.id)).toEqual([record.id]);
  });

  it('gives a gateway issue no device id; its alert names the gateway', async () => {
    const on = { organizationId: 1, dataSourceId: seeded.dataSourceId, gateway: WORLD.dragino };
    const healthy = { devEui: WORLD.healthy.devEui, devAddr: WORLD.healthy.devAddr };
    await world.raise(alertOn('LAF-010', uplink(healthy, BASE, 98, on)));
    const [record] = (await get('quarantined_devices?alerttype[]=' + alertTypeByCode('LAF-010').id)) as Array<
      IssueRecord & { device_id: number | null; alert: { gateway_id: number } }
    >;
    expect(record.device_id).toBeNull();
    expect(record.alert.gateway_id).toBe(seeded.ids.dragino);
    expect(await get(`inventory/gateway/${record.alert.gateway_id}`)).toMatchObject({
      hex_id: WORLD.dragino,
    });
  });
});

async function createDataSource(harness: Harness, token: string, name: string): Promise<number> {
  const created = await harness.http
    .post('/api/v1.0/data_collectors')
    .set({ Authorization: `Bearer ${token}` })
    .send({ name, description: '', data_collector_type_id: 1, policy_id: 1, ip: '127.0.0.1', port: 1 })
    .expect(200);
  return created.body.id as number;
}
