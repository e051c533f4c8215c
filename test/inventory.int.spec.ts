import { WORLD } from '@lorawatch/assets/testing/inventory-world';
import type { SeededWorld } from '@lorawatch/assets/testing/seed-world';
import { dataSourceWithWorld } from '@lorawatch/assets/testing/world-app';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { startApp, type Harness } from './support/app-harness';
import { CALLERS, authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';

interface AssetJson {
  id: number;
  hex_id: string;
  type: string;
  vendor: string | null;
  importance: string;
  hidden: boolean;
  tags: Array<{ id: number; name: string }>;
  last_activity: number;
  first_activity: number;
  location: { latitude: number | null; longitude: number | null } | null;
}
interface Page {
  assets: AssetJson[];
  total_items: number;
  total_pages: number;
}

/** Inventory, importance, hiding, asset 360° and search (docs/api.md §10, §14) against the real app. */
describe('inventory API', () => {
  let broker: DemoBroker;
  let harness: Harness;
  let tokens: CallerTokens;
  let world: SeededWorld;
  const as = (caller: Caller) => authorization(tokens, caller);

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    harness = await startApp();
    tokens = await callerTokens(harness);
    world = await dataSourceWithWorld(harness.app, harness.http, tokens.admin, broker.port);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await broker?.close();
  });

  const list = async (query = '', caller: Caller = 'admin'): Promise<Page> =>
    (await harness.http.get(`/api/v1.0/inventory/list${query}`).set(as(caller)).expect(200)).body as Page;
  const hexes = (page: Page) => page.assets.map((asset) => asset.hex_id);
  const count = async (by: string, query = '') =>
    (await harness.http.get(`/api/v1.0/inventory/count/${by}${query}`).set(as('admin')).expect(200))
      .body as Array<{ id: unknown; name: unknown; count: number }>;

  describe('GET inventory/list', () => {
    it('lists gateways first, then devices, by id, with unix-second dates and gateway locations', async () => {
      const page = await list();
      expect(page.total_items).toBe(4);
      expect(page.total_pages).toBe(1);
      expect(page.assets.map((asset) => asset.type)).toEqual(['Gateway', 'Gateway', 'Device', 'Device']);
      const gatewayIds = page.assets.slice(0, 2).map((asset) => asset.id);
      expect(gatewayIds).toEqual([...gatewayIds].sort((a, b) => a - b));
      const dragino = page.assets.find((asset) => asset.hex_id === WORLD.dragino);
      expect(dragino).toMatchObject({
        id: world.ids.dragino,
        vendor: 'Dragino Technology Co., Limited',
        importance: 'LOW',
        hidden: false,
        location: { latitude: -34.9, longitude: -56.16 },
        tags: [],
      });
      const healthy = page.assets.find((asset) => asset.hex_id === WORLD.healthy.devEui);
      expect(healthy?.location).toBeNull();
      expect(healthy?.first_activity).toBe(Math.floor(Date.parse(world.start) / 1000) + 60);
      expect(healthy?.last_activity).toBe(Math.floor(Date.parse(world.start) / 1000) + 20 * 60);
    });

    it('filters by type, vendor (null for none), gateway and data source', async () => {
      expect(hexes(await list('?asset_type=device')).sort()).toEqual(
        [WORLD.healthy.devEui, WORLD.weak.devEui].sort(),
      );
      expect(hexes(await list('?vendors[]=null'))).toEqual([WORLD.weak.devEui]);
      expect(
        hexes(
          await list(`?vendors[]=${encodeURIComponent('Dragino Technology Co., Limited')}&vendors[]=null`),
        ),
      ).toEqual(
        [WORLD.dragino, WORLD.weak.devEui].sort((a, b) =>
          a === WORLD.dragino ? -1 : b === WORLD.dragino ? 1 : 0,
        ),
      );
      // The Dragino gateway hears only the healthy device.
      expect(hexes(await list(`?gateway_ids[]=${world.ids.dragino}`)).sort()).toEqual(
        [WORLD.dragino, WORLD.healthy.devEui].sort(),
      );
      expect((await list(`?data_collector_ids[]=${world.dataSourceId}`)).total_items).toBe(4);
      expect((await list(`?data_collector_ids[]=${world.dataSourceId + 100}`)).total_items).toBe(0);
    });

    it('pages with page and size, and orders by order_by[]', async () => {
      const first = await list('?page=1&size=3');
      const second = await list('?page=2&size=3');
      expect(first.assets).toHaveLength(3);
      expect(second.assets).toHaveLength(1);
      expect(first.total_pages).toBe(2);
      expect(new Set([...hexes(first), ...hexes(second)]).size).toBe(4);
      expect((await list('?page=3&size=3')).assets).toEqual([]);
      const byHex = hexes(await list('?order_by[]=hex_id&order_by[]=DESC'));
      expect(byHex).toEqual([...byHex].sort().reverse());
      const byLast = (await list('?order_by[]=last_activity&order_by[]=ASC')).assets.map(
        (a) => a.last_activity,
      );
      expect(byLast).toEqual([...byLast].sort((a, b) => a - b));
    });

    it.each([
      ['?asset_type=router', 'asset_type must be device or gateway'],
      ['?page=0', 'page must be 1 or more'],
      ['?size=abc', 'size must be an integer'],
      ['?importances[]=URGENT', 'importances must be LOW, MEDIUM or HIGH'],
      ['?gateway_ids[]=x', 'gateway_ids must be gateway ids'],
      ['?order_by[]=colour&order_by[]=ASC', 'order_by field must be one of'],
      ['?order_by[]=hex_id&order_by[]=UP', 'order_by direction must be ASC or DESC'],
      ['?surprise=1', 'property surprise should not exist'],
    ])('answers 400 for %s', async (query, message) => {
      const response = await harness.http
        .get(`/api/v1.0/inventory/list${query}`)
        .set(as('admin'))
        .expect(400);
      expect([response.body.message].flat().join(' | ')).toContain(message);
    });
  });

  describe('GET inventory/count/*', () => {
    it('counts by vendor, data source, gateway and importance under the filters', async () => {
      const vendors = await count('vendor');
      expect(vendors.find((row) => row.id === null)).toEqual({ id: null, name: null, count: 1 });
      expect(vendors.reduce((sum, row) => sum + row.count, 0)).toBe(4);
      expect(await count('data_collector')).toEqual([
        { id: world.dataSourceId, name: 'Field network', count: 4 },
      ]);
      // A gateway counts the devices it hears plus itself.
      const gateways = await count('gateway');
      expect(gateways).toEqual([
        { id: world.ids.raspberry, name: WORLD.raspberry, count: 3 },
        { id: world.ids.dragino, name: WORLD.dragino, count: 2 },
      ]);
      expect(await count('gateway', '?asset_type=device')).toEqual([
        { id: world.ids.raspberry, name: WORLD.raspberry, count: 2 },
        { id: world.ids.dragino, name: WORLD.dragino, count: 1 },
      ]);
      expect(await count('importance', '?asset_type=gateway')).toEqual([
        { id: 'LOW', name: 'LOW', count: 2 },
      ]);
    });

    it('answers 400 for an unknown grouping', async () => {
      await harness.http.get('/api/v1.0/inventory/count/colour').set(as('admin')).expect(400);
    });
  });

  describe('POST inventory/set_importance', () => {
    it('sets the importance the list, its filter and its count show', async () => {
      const response = await harness.http
        .post('/api/v1.0/inventory/set_importance')
        .set(as('user'))
        .send({ importance: 'HIGH', asset_list: [{ asset_id: world.ids.weak, asset_type: 'device' }] })
        .expect(200);
      expect(response.body).toEqual({ message: 'Assets importance set' });
      expect(hexes(await list('?importances[]=HIGH'))).toEqual([WORLD.weak.devEui]);
      expect(await count('importance')).toEqual([
        { id: 'HIGH', name: 'HIGH', count: 1 },
        { id: 'LOW', name: 'LOW', count: 3 },
      ]);
      const view = await harness.http.get(`/api/v1.0/inventory/device/${world.ids.weak}`).set(as('admin'));
      expect(view.body.importance).toBe('HIGH');
    });

    it.each([
      [{ importance: 'URGENT', asset_list: [] }, 400],
      [{ importance: 'LOW' }, 400],
      [{ importance: 'LOW', asset_list: [{ asset_id: 'one', asset_type: 'device' }] }, 400],
      [{ importance: 'LOW', asset_list: [{ asset_id: 1, asset_type: 'router' }] }, 400],
      [{ importance: 'LOW', asset_list: [{ asset_id: 1, asset_type: 'device' }] }, 404],
    ])('refuses %j with %i', async (body, status) => {
      await harness.http
        .post('/api/v1.0/inventory/set_importance')
        .set(as('admin'))
        .send(body)
        .expect(status);
    });

    it('refuses an invalid importance with a message even when the list is empty', async () => {
      const response = await harness.http
        .post('/api/v1.0/inventory/set_importance')
        .set(as('admin'))
        .send({ importance: 'URGENT', asset_list: [] })
        .expect(400);
      expect(response.body.message).toBe('importance must be LOW, MEDIUM or HIGH');
    });
  });

  describe('POST inventory/set_hiding', () => {
    it('hides assets for the caller only, and shows them again', async () => {
      const body = (hidden: boolean) => ({
        hidden,
        asset_list: [{ asset_id: world.ids.dragino, asset_type: 'gateway' }],
      });
      const response = await harness.http
        .post('/api/v1.0/inventory/set_hiding')
        .set(as('user'))
        .send(body(true))
        .expect(200);
      expect(response.body).toEqual({ message: 'Assets hiding set' });
      expect(hexes(await list('', 'user'))).not.toContain(WORLD.dragino);
      const hidden = await list('?hidden=true', 'user');
      expect(hidden.assets.map((asset) => [asset.hex_id, asset.hidden])).toEqual([[WORLD.dragino, true]]);
      // Another user of the same organisation still sees it.
      expect(hexes(await list('', 'admin'))).toContain(WORLD.dragino);
      await harness.http.post('/api/v1.0/inventory/set_hiding').set(as('user')).send(body(false)).expect(200);
      expect((await list('', 'user')).total_items).toBe(4);
    });

    it('refuses another organisation’s assets and malformed bodies', async () => {
      const body = { hidden: true, asset_list: [{ asset_id: world.ids.dragino, asset_type: 'gateway' }] };
      await harness.http.post('/api/v1.0/inventory/set_hiding').set(as('other admin')).send(body).expect(403);
      await harness.http
        .post('/api/v1.0/inventory/set_hiding')
        .set(as('admin'))
        .send({ hidden: 'yes', asset_list: [] })
        .expect(400);
    });
  });

  describe('GET inventory/{asset_type}/{id}', () => {
    it('shows a device with the locations of the gateways that hear it', async () => {
      const response = await harness.http
        .get(`/api/v1.0/inventory/device/${world.ids.healthy}`)
        .set(as('user'))
        .expect(200);
      expect(response.body).toMatchObject({
        id: world.ids.healthy,
        hex_id: WORLD.healthy.devEui,
        dev_addr: WORLD.healthy.devAddr,
        type: 'device',
        organization_id: 1,
        data_collector: 'Field network',
        vendor: 'Pycom Ltd',
        connected: true,
        npackets_up: 20,
        npackets_lost: 0,
        max_rssi: WORLD.healthy.rssi,
        max_lsnr: WORLD.healthy.lsnr,
        activity_freq: 60,
      });
      expect(response.body.last_activity).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+0000$/);
      expect(response.body.first_activity).not.toBe(response.body.last_activity);
      expect(response.body.gateway_locations).toEqual([
        {
          [String(world.ids.dragino)]: {
            name: null,
            hex_id: WORLD.dragino,
            latitude: -34.9,
            longitude: -56.16,
          },
        },
        {
          [String(world.ids.raspberry)]: {
            name: null,
            hex_id: WORLD.raspberry,
            latitude: null,
            longitude: null,
          },
        },
      ]);
    });

    it('shows a gateway without gateway_locations', async () => {
      const response = await harness.http
        .get(`/api/v1.0/inventory/gateway/${world.ids.dragino}`)
        .set(as('admin'))
        .expect(200);
      expect(response.body).toMatchObject({ type: 'gateway', gateway_locations: null, npackets_up: 20 });
    });

    it.each([
      ['router', 'world.ids.healthy', 400],
      ['device', 'abc', 400],
      ['device', '1', 404],
      ['gateway', 'world.ids.healthy', 404],
    ])('answers %s/%s with %i', async (type, id, status) => {
      const resolved = id === 'world.ids.healthy' ? String(world.ids.healthy) : id;
      await harness.http.get(`/api/v1.0/inventory/${type}/${resolved}`).set(as('admin')).expect(status);
    });
  });

  describe('GET inventory/{asset_type}/{id}/alerts and /issues', () => {
    it('lists the alerts about the asset only, with the type as an object, filtered and paged', async () => {
      const alerts = async (query: string) =>
        (
          await harness.http
            .get(`/api/v1.0/inventory/device/${world.ids.weak}/alerts${query}`)
            .set(as('admin'))
        ).body as {
          alerts: Array<{ type: { code: string }; device_id: number; created_at: string }>;
          total_items: number;
        };
      const all = await alerts('');
      expect(all.total_items).toBeGreaterThan(0);
      expect(all.alerts.every((alert) => alert.device_id === world.ids.weak)).toBe(true);
      expect(all.alerts.map((alert) => alert.type.code)).toContain('LAF-400');
      expect(all.alerts[0].created_at).toMatch(/\+0000$/);
      const newDevice = await alerts('?type[]=LAF-400');
      expect(newDevice.alerts.map((alert) => alert.type.code)).toEqual(['LAF-400']);
      expect((await alerts('?risk[]=HIGH&type[]=LAF-400')).total_items).toBe(0);
      expect((await alerts('?resolved=true')).total_items).toBe(0);
      expect((await alerts('?size=1&page=1')).alerts).toHaveLength(1);
      // A gateway's list holds no device alert even though device alerts name the gateway that heard them.
      const gateway = await harness.http
        .get(`/api/v1.0/inventory/gateway/${world.ids.raspberry}/alerts?type[]=LAF-400`)
        .set(as('admin'))
        .expect(200);
      expect(gateway.body.total_items).toBe(0);
    });

    it('lists open issues of the asset', async () => {
      const response = await harness.http
        .get(`/api/v1.0/inventory/device/${world.ids.healthy}/issues`)
        .set(as('admin'))
        .expect(200);
      expect(response.body).toEqual({ issues: [], total_pages: 0, total_items: 0 });
    });

    it.each([
      ['alerts?type[]=nope', 400],
      ['alerts?created_at[gte]=2024-02-01&created_at[lte]=2024-01-01', 400],
      ['alerts?order_by[]=colour&order_by[]=ASC', 400],
      ['issues?type[]=LAF-999', 400],
      ['issues?risk[]=SEVERE', 400],
    ])('answers %s with %i', async (path, status) => {
      await harness.http
        .get(`/api/v1.0/inventory/device/${world.ids.weak}/${path}`)
        .set(as('admin'))
        .expect(status);
    });
  });

  describe('GET assets/search', () => {
    it('finds devices and gateways apart by a case-insensitive part of their names', async () => {
      const response = await harness.http
        .get('/api/v1.0/assets/search?search_param=PYCOM')
        .set(as('user'))
        .expect(200);
      expect(response.body.devices).toMatchObject({
        items: [{ id: world.ids.healthy, hex_id: WORLD.healthy.devEui, type: 'Device', vendor: 'Pycom Ltd' }],
        items_ids: [world.ids.healthy],
        total_items: 1,
        total_pages: 1,
      });
      expect(response.body.gateways).toEqual({ items: [], items_ids: [], total_items: 0, total_pages: 0 });
      const gateways = await harness.http
        .get('/api/v1.0/assets/search?search_param=b827')
        .set(as('user'))
        .expect(200);
      expect(gateways.body.gateways.items[0]).toMatchObject({ hex_id: WORLD.raspberry, type: 'Gateway' });
    });

    it('pages items by size (default 3) and narrows them by status, leaving items_ids alone', async () => {
      const all = await harness.http
        .get('/api/v1.0/assets/search?search_param=&size=1')
        .set(as('user'))
        .expect(200);
      expect(all.body.devices.items).toHaveLength(1);
      expect(all.body.devices.total_pages).toBe(2);
      expect(all.body.devices.items_ids).toHaveLength(2);
      const disconnected = await harness.http
        .get('/api/v1.0/assets/search?asset_status=disconnected')
        .set(as('user'))
        .expect(200);
      expect(disconnected.body.devices.total_items).toBe(0);
      expect(disconnected.body.devices.items_ids).toHaveLength(2);
      await harness.http.get('/api/v1.0/assets/search?asset_status=gone').set(as('user')).expect(400);
    });
  });

  describe('authorization', () => {
    const own = (caller: Caller, other: number) =>
      caller === 'anonymous' ? 401 : caller === 'other admin' ? other : 200;
    const cases: Array<[string, string, (caller: Caller) => number, object?]> = [
      ['GET', 'inventory/list', (c) => own(c, 200)],
      ['GET', 'inventory/count/vendor', (c) => own(c, 200)],
      ['GET', 'inventory/count/importance', (c) => own(c, 200)],
      ['GET', 'assets/search?search_param=a', (c) => own(c, 200)],
      ['GET', 'inventory/device/HEALTHY', (c) => own(c, 403)],
      ['GET', 'inventory/device/HEALTHY/alerts', (c) => own(c, 403)],
      ['GET', 'inventory/device/HEALTHY/issues', (c) => own(c, 403)],
      [
        'POST',
        'inventory/set_importance',
        (c) => own(c, 403),
        { importance: 'MEDIUM', asset_list: [{ asset_id: 0, asset_type: 'gateway' }] },
      ],
      [
        'POST',
        'inventory/set_hiding',
        (c) => own(c, 403),
        { hidden: false, asset_list: [{ asset_id: 0, asset_type: 'gateway' }] },
      ],
    ];
    const table = cases.flatMap(([method, path, expected, body]) =>
      CALLERS.map((caller) => [method, path, caller, expected(caller), body] as const),
    );

    it.each(table)('%s %s as %s → %i', async (method, path, caller, status, body) => {
      const url = `/api/v1.0/${path.replace('HEALTHY', String(world.ids.healthy))}`;
      const withIds =
        body && JSON.parse(JSON.stringify(body).replace('"asset_id":0', `"asset_id":${world.ids.raspberry}`));
      const request = method === 'GET' ? harness.http.get(url) : harness.http.post(url).send(withIds);
      const response = await request.set(as(caller));
      expect(response.status).toBe(status);
      if (caller === 'other admin' && path === 'inventory/list') expect(response.body.total_items).toBe(0);
    });
  });
});
