import { WORLD } from '@lorawatch/assets/testing/inventory-world';
import type { SeededWorld } from '@lorawatch/assets/testing/seed-world';
import { dataSourceWithWorld } from '@lorawatch/assets/testing/world-app';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { startApp, type Harness } from './support/app-harness';
import { CALLERS, authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';

interface UsageJson {
  id: number;
  hex_id: string;
  type: string;
  max_rssi: number | null;
  packets_lost: { total: number; percentage: number | null } | null;
  packets_up: { total: number };
}
interface Page {
  assets: UsageJson[];
  total_items: number;
  total_pages: number;
}
interface Counts {
  total_count: number;
  groups: Array<{ id: unknown; name: string; count: number }>;
}

/** The network overview (docs/api.md §13) against the real app. */
describe('resource usage API', () => {
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

  const list = async (query = '') =>
    (await harness.http.get(`/api/v1.0/resource_usage/list${query}`).set(as('user')).expect(200))
      .body as Page;
  const hexes = (page: Page) => page.assets.map((asset) => asset.hex_id);
  const count = async (by: string, query = '') =>
    (await harness.http.get(`/api/v1.0/resource_usage/count/${by}${query}`).set(as('user')).expect(200))
      .body as Counts;

  it('lists gateways first, then devices, with their 24-hour statistics', async () => {
    const page = await list();
    expect(page.total_items).toBe(4);
    expect(page.assets.map((asset) => asset.type)).toEqual(['Gateway', 'Gateway', 'Device', 'Device']);
    const weak = page.assets.find((asset) => asset.hex_id === WORLD.weak.devEui);
    // Frames 1, 3, …, 19 arrived: 10 up, 9 lost in between.
    expect(weak).toMatchObject({
      max_rssi: WORLD.weak.rssi,
      packets_up: { total: 10 },
      packets_lost: { total: 9 },
    });
    expect(page.assets.find((asset) => asset.type === 'Gateway')?.packets_lost).toBeNull();
  });

  it('filters by signal and loss ranges (min inclusive, max exclusive), leaving gateways out', async () => {
    expect(hexes(await list('?min_signal_strength=-120&max_signal_strength=-110'))).toEqual([
      WORLD.weak.devEui,
    ]);
    expect(hexes(await list(`?min_signal_strength=${WORLD.healthy.rssi}`))).toEqual([WORLD.healthy.devEui]);
    expect(hexes(await list(`?max_signal_strength=${WORLD.healthy.rssi}`))).toEqual([WORLD.weak.devEui]);
    expect(hexes(await list('?min_packet_loss=40&max_packet_loss=50'))).toEqual([WORLD.weak.devEui]);
    expect(hexes(await list('?max_packet_loss=10'))).toEqual([WORLD.healthy.devEui]);
    expect((await list('?asset_type=gateway&min_packet_loss=0')).total_items).toBe(0);
  });

  it('filters by status, type, data source, gateways and devices', async () => {
    expect((await list('?asset_status=connected')).total_items).toBe(4);
    expect((await list('?asset_status=disconnected')).total_items).toBe(0);
    expect(hexes(await list('?asset_type=gateway')).sort()).toEqual([WORLD.dragino, WORLD.raspberry].sort());
    expect((await list(`?data_collector_ids[]=${world.dataSourceId + 1}`)).total_items).toBe(0);
    expect(hexes(await list(`?gateway_ids[]=${world.ids.raspberry}&asset_type=device`)).sort()).toEqual(
      [WORLD.healthy.devEui, WORLD.weak.devEui].sort(),
    );
    // A device and the gateways that hear it.
    expect(hexes(await list(`?device_ids[]=${world.ids.weak}`))).toEqual([
      WORLD.raspberry,
      WORLD.weak.devEui,
    ]);
  });

  it('orders by order_by[] and pages', async () => {
    const byRssi = hexes(await list('?asset_type=device&order_by[]=max_rssi&order_by[]=DESC'));
    expect(byRssi).toEqual([WORLD.healthy.devEui, WORLD.weak.devEui]);
    const byLoss = hexes(await list('?asset_type=device&order_by[]=npackets_lost&order_by[]=DESC'));
    expect(byLoss).toEqual([WORLD.weak.devEui, WORLD.healthy.devEui]);
    const second = await list('?page=2&size=3');
    expect(second.assets).toHaveLength(1);
    expect(second.total_pages).toBe(2);
  });

  it('counts by status (always both), gateway, signal band and loss band', async () => {
    expect(await count('status')).toEqual({
      total_count: 4,
      groups: [
        { id: 'connected', name: 'connected', count: 4 },
        { id: 'disconnected', name: 'disconnected', count: 0 },
      ],
    });
    expect((await count('gateway')).groups).toEqual([
      { id: world.ids.raspberry, name: WORLD.raspberry, count: 3 },
      { id: world.ids.dragino, name: WORLD.dragino, count: 2 },
    ]);
    const signal = await count('signal');
    expect(signal.groups.map((group) => group.name)).toEqual([
      'Unusable',
      'Very weak',
      'Weak',
      'Okay',
      'Great',
      'Excellent',
    ]);
    expect(signal.groups[1]).toEqual({
      id: { min_signal_strength: -120, max_signal_strength: -110 },
      name: 'Very weak',
      count: 1,
    });
    expect(signal.groups[4].count).toBe(1);
    expect(signal.total_count).toBe(2);
    const loss = await count('loss');
    expect(loss.groups).toHaveLength(10);
    expect(loss.groups[9]).toEqual({
      id: { min_packet_loss: 90, max_packet_loss: 101 },
      name: '[90,100]',
      count: 0,
    });
    expect(loss.groups[0]).toMatchObject({ name: '[0,10)', count: 1 });
    expect(loss.groups[4]).toMatchObject({ name: '[40,50)', count: 1 });
  });

  it('details a device with its recent packets, oldest first, bounded by RSSI and SNR', async () => {
    const detail = async (query = '') =>
      (
        await harness.http
          .get(`/api/v1.0/resource_usage/device/${world.ids.healthy}${query}`)
          .set(as('user'))
          .expect(200)
      ).body as {
        tags: unknown[];
        last_packets_list: Array<{ rssi: number; gateway_id: number; date: string; f_count: number }>;
        max_rssi_packets: number | null;
        min_rssi_packets: number | null;
        min_lsnr_packets: number | null;
      };
    const all = await detail();
    // Every frame once per gateway that heard it.
    expect(all.last_packets_list).toHaveLength(40);
    const dates = all.last_packets_list.map((packet) => packet.date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(all.last_packets_list.map((packet) => packet.gateway_id))).toEqual(
      new Set([world.ids.dragino, world.ids.raspberry]),
    );
    expect(all.max_rssi_packets).toBe(WORLD.healthy.rssi);
    expect(all.min_rssi_packets).toBe(WORLD.healthy.rssi - 3);
    const strong = await detail(`?min_rssi=${WORLD.healthy.rssi}`);
    expect(strong.last_packets_list).toHaveLength(20);
    expect(strong.last_packets_list.every((packet) => packet.gateway_id === world.ids.dragino)).toBe(true);
    const noisy = await detail('?max_lsnr=0');
    expect(noisy).toMatchObject({ last_packets_list: [], min_lsnr_packets: null, max_rssi_packets: null });
    const gateway = await harness.http
      .get(`/api/v1.0/resource_usage/gateway/${world.ids.dragino}`)
      .set(as('user'))
      .expect(200);
    expect(gateway.body).toMatchObject({ last_packets_list: null, packets_up: { total: 20 } });
  });

  it.each([
    ['list?asset_status=sleeping', 400],
    ['list?min_signal_strength=strong', 400],
    ['list?max_packet_loss=1.5', 400],
    ['list?order_by[]=name&order_by[]=ASC', 400],
    ['list?device_ids[]=x', 400],
    ['count/colour', 400],
    ['router/1', 400],
    ['device/1', 404],
    ['device/WEAK?min_lsnr=low', 400],
  ])('answers %s with %i', async (path, status) => {
    const url = `/api/v1.0/resource_usage/${path.replace('WEAK', String(world.ids.weak))}`;
    await harness.http.get(url).set(as('user')).expect(status);
  });

  describe('authorization', () => {
    const by = (caller: Caller, other: number) =>
      caller === 'anonymous' ? 401 : caller === 'other admin' ? other : 200;
    const paths: Array<[string, number]> = [
      ['resource_usage/list', 200],
      ['resource_usage/count/status', 200],
      ['resource_usage/count/gateway', 200],
      ['resource_usage/count/signal', 200],
      ['resource_usage/count/loss', 200],
      ['resource_usage/device/WEAK', 403],
      ['resource_usage/gateway/DRAGINO', 403],
    ];
    const table = paths.flatMap(([path, other]) =>
      CALLERS.map((caller) => [path, caller, by(caller, other)] as const),
    );

    it.each(table)('GET %s as %s → %i', async (path, caller, status) => {
      const url = `/api/v1.0/${path.replace('WEAK', String(world.ids.weak)).replace('DRAGINO', String(world.ids.dragino))}`;
      const response = await harness.http.get(url).set(as(caller));
      expect(response.status).toBe(status);
      if (caller === 'other admin' && status === 200 && path.includes('count/status'))
        expect(response.body.total_count).toBe(0);
    });
  });
});
