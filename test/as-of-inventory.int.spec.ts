import { ASSETS, type AssetView } from '@lorawatch/assets/asset.view';
import { newcomerPackets, WORLD } from '@lorawatch/assets/testing/inventory-world';
import type { SeededWorld } from '@lorawatch/assets/testing/seed-world';
import { dataSourceWithWorld } from '@lorawatch/assets/testing/world-app';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { startApp, type Harness } from './support/app-harness';

interface AssetJson {
  id: number;
  hex_id: string;
  importance: string;
  tags: Array<{ id: number; name: string }>;
}
interface Page {
  assets: AssetJson[];
  total_items: number;
}
interface CountEntry {
  id: string | number | null;
  count: number;
}

const NEWCOMER = { devEui: '70b3d54990000def', devAddr: '26011f0c' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A moment strictly between what was recorded before and what is recorded after. */
async function moment(): Promise<string> {
  await pause(5);
  const at = new Date().toISOString();
  await pause(5);
  return at;
}

/** The Inventory and Network Overview screens as they were (`as_of`), over real frames through the detectors. */
describe('the inventory and the network overview as they were (as_of)', () => {
  let broker: DemoBroker;
  let harness: Harness;
  let admin: string;
  let world: SeededWorld;
  /** Before the newcomer's frames; after them (t2); after its importance and label changed (t4). */
  let t0: string;
  let t2: string;
  let t4: string;
  let newcomerId: number;
  let labelId: number;
  const auth = () => ({ Authorization: `Bearer ${admin}` });
  const get = async <T>(path: string, status = 200): Promise<T> =>
    (await harness.http.get(`/api/v1.0/${path}`).set(auth()).expect(status)).body as T;
  const hexes = (page: Page) => page.assets.map((asset) => asset.hex_id).sort();
  const settled = () => harness.app.get<ReadModelSync>(READ_MODEL_SYNC).settled();

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    // No ticks: only the frames below move the detectors.
    harness = await startApp({ DETECTOR_TICK_SECONDS: '0' });
    admin = await harness.adminToken();
    world = await dataSourceWithWorld(harness.app, harness.http, admin, broker.port);
    await settled();
    t0 = await moment();

    // At t1 a new device is heard for the first time, through the detectors.
    const start = new Date(Date.parse(world.start) + 25 * 60_000).toISOString();
    await harness.app
      .get<PacketLog>(PACKET_LOG)
      .append(newcomerPackets({ organizationId: 1, dataSourceId: world.dataSourceId, start }, NEWCOMER, 3));
    const assets = harness.app.get<ReadStore>(READ_STORE).collection<AssetView>(ASSETS);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [found] = await assets.find({ devEui: NEWCOMER.devEui });
      if (found?.usage.npackets_up === 3) {
        newcomerId = found.numericId;
        break;
      }
      if (Date.now() > deadline) throw new Error('The new device did not appear');
      await pause(50);
    }
    await settled();
    t2 = await moment();

    // At t3 it is made important and labelled.
    await harness.http
      .post('/api/v1.0/inventory/set_importance')
      .set(auth())
      .send({ importance: 'HIGH', asset_list: [{ asset_id: newcomerId, asset_type: 'device' }] })
      .expect(200);
    const label = await harness.http
      .post('/api/v1.0/tags?name=late%20arrival&color=%23ff0000')
      .set(auth())
      .expect(200);
    labelId = (label.body as { id: number }).id;
    await harness.http
      .post(`/api/v1.0/tags/${labelId}/assets`)
      .set(auth())
      .send({ asset_list: [{ asset_id: newcomerId, asset_type: 'device' }] })
      .expect(200);
    await settled();
    t4 = await moment();
  }, 90_000);

  afterAll(async () => {
    await harness?.close();
    await broker?.close();
  });

  const worldHexes = [WORLD.dragino, WORLD.raspberry, WORLD.healthy.devEui, WORLD.weak.devEui];

  it('lists a device discovered at t1 as of t2, not as of t0', async () => {
    expect(hexes(await get<Page>(`inventory/list?as_of=${t0}`))).toEqual([...worldHexes].sort());
    expect(hexes(await get<Page>(`inventory/list?as_of=${t2}`))).toEqual(
      [...worldHexes, NEWCOMER.devEui].sort(),
    );
    expect(hexes(await get<Page>('inventory/list'))).toEqual([...worldHexes, NEWCOMER.devEui].sort());

    // The charts and the search follow the same history
    const dragino = world.ids.dragino;
    const heardByDragino = async (asOf: string) =>
      (await get<CountEntry[]>(`inventory/count/gateway?as_of=${asOf}`)).find((entry) => entry.id === dragino)
        ?.count;
    expect(await heardByDragino(t0)).toBe(2);
    expect(await heardByDragino(t2)).toBe(3);
    const search = async (asOf: string) =>
      get<{ devices: { total_items: number } }>(
        `assets/search?search_param=${NEWCOMER.devEui}&as_of=${asOf}`,
      );
    expect((await search(t0)).devices.total_items).toBe(0);
    expect((await search(t2)).devices.total_items).toBe(1);

    // And its detail did not exist as of t0
    await get(`inventory/device/${newcomerId}?as_of=${t0}`, 404);
    expect(await get(`inventory/device/${newcomerId}?as_of=${t2}`)).toMatchObject({
      hex_id: NEWCOMER.devEui,
      npackets_up: 3,
    });
  });

  it('shows the importance and the label set at t3 as of t4, not as of t2', async () => {
    const newcomer = async (asOf: string) =>
      (await get<Page>(`inventory/list?asset_type=device&as_of=${asOf}`)).assets.find(
        (asset) => asset.hex_id === NEWCOMER.devEui,
      );
    expect(await newcomer(t2)).toMatchObject({ importance: 'LOW', tags: [] });
    expect(await newcomer(t4)).toMatchObject({ importance: 'HIGH', tags: [{ id: labelId }] });

    const high = async (asOf: string) =>
      (await get<CountEntry[]>(`inventory/count/importance?as_of=${asOf}`)).find(
        (entry) => entry.id === 'HIGH',
      )?.count ?? 0;
    expect(await high(t2)).toBe(0);
    expect(await high(t4)).toBe(1);
    expect(hexes(await get<Page>(`inventory/list?tag_ids[]=${labelId}&as_of=${t2}`))).toEqual([]);
    expect(hexes(await get<Page>(`inventory/list?tag_ids[]=${labelId}&as_of=${t4}`))).toEqual([
      NEWCOMER.devEui,
    ]);
    expect(await get(`inventory/device/${newcomerId}?as_of=${t2}`)).toMatchObject({ importance: 'LOW' });
    expect(await get(`inventory/device/${newcomerId}?as_of=${t4}`)).toMatchObject({ importance: 'HIGH' });
  });

  it('answers the network overview as of t0 without the new device and as of t2 with it', async () => {
    const usage = async (asOf: string) => hexes(await get<Page>(`resource_usage/list?size=50&as_of=${asOf}`));
    expect(await usage(t0)).toEqual([...worldHexes].sort());
    expect(await usage(t2)).toEqual([...worldHexes, NEWCOMER.devEui].sort());

    const status = async (asOf: string) =>
      get<{ total_count: number }>(`resource_usage/count/status?as_of=${asOf}`);
    expect((await status(t0)).total_count).toBe(4);
    expect((await status(t2)).total_count).toBe(5);
    const signal = async (asOf: string) =>
      get<{ total_count: number }>(`resource_usage/count/signal?as_of=${asOf}`);
    expect((await signal(t2)).total_count).toBe((await signal(t0)).total_count + 1);

    await get(`resource_usage/device/${newcomerId}?as_of=${t0}`, 404);
    const detail = await get<{ last_packets_list: unknown[] }>(
      `resource_usage/device/${newcomerId}?as_of=${t2}`,
    );
    expect(detail.last_packets_list).toHaveLength(3);
  });

  it('answers 400 with the same messages as the other screens for a bad as_of', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const paths = [
      'inventory/list',
      'inventory/count/vendor',
      'resource_usage/list',
      'resource_usage/count/status',
      `inventory/device/${newcomerId}`,
      `resource_usage/device/${newcomerId}`,
      'assets/search',
    ];
    for (const path of paths) {
      const separator = path.includes('?') ? '&' : '?';
      const ask = async (asOf: string) =>
        (
          await harness.http
            .get(`/api/v1.0/${path}${separator}as_of=${encodeURIComponent(asOf)}`)
            .set(auth())
            .expect(400)
        ).body as { message: string };
      expect((await ask('yesterday')).message).toBe(
        'as_of must be an ISO 8601 time, such as 2026-01-31T00:00:00Z',
      );
      expect((await ask(future)).message).toBe('as_of must not be in the future');
      expect((await ask('2001-01-01T00:00:00Z')).message).toMatch(
        /^as_of is outside the recorded history: The history starts at \S+: pick a time after it$/,
      );
    }
  });
});
