import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ASSETS, type AssetView } from '@lorawatch/assets/asset.view';
import { AssetEventTypes } from '@lorawatch/assets/domain/asset.events';
import { dataSourceWithWorld } from '@lorawatch/assets/testing/world-app';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { importExistingAssets } from '@lorawatch/detection/asset-import';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startApp, type Harness } from './support/app-harness';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');

/** The inventory comes from the detectors' asset events: `npm run replay` rebuilds it with the same answers. */
describe('the inventory from asset events', () => {
  let broker: DemoBroker;
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    harness = await startApp();
    token = await harness.adminToken();
    await dataSourceWithWorld(harness.app, harness.http, token, broker.port);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await broker?.close();
  });

  const answers = async (): Promise<Record<string, unknown>> => {
    const auth = { Authorization: `Bearer ${token}` };
    const paths = [
      '/api/v1.0/inventory/list?size=50',
      '/api/v1.0/inventory/count/vendor',
      '/api/v1.0/inventory/count/gateway',
      '/api/v1.0/resource_usage/count/status',
      '/api/v1.0/resource_usage/list?size=50',
      '/api/v1.0/resource_usage/list?asset_type=gateway',
    ];
    const bodies: Record<string, unknown> = {};
    for (const path of paths) bodies[path] = (await harness.http.get(path).set(auth).expect(200)).body;
    return bodies;
  };

  it('records discoveries and observations in event time, and replay answers as before', async () => {
    const events = harness.app.get<EventStore>(EVENT_STORE);
    const recorded = await events.readAll();
    const discovered = recorded.filter((event) => event.type === AssetEventTypes.Discovered);
    expect(discovered).toHaveLength(4);
    const observed = recorded.filter((event) => event.type === AssetEventTypes.Observed);
    // Event time: the packets' dates, never the clock of the run.
    for (const event of observed) {
      expect(event.metadata.occurredAt).toBe((event.data as { at: string }).at);
      expect(Date.parse(event.metadata.occurredAt)).toBeLessThan(Date.now() - 5 * 60_000);
    }
    const before = await answers();
    expect((before['/api/v1.0/inventory/list?size=50'] as { total_items: number }).total_items).toBe(4);

    // The replay tool itself, as `npm run replay` runs it, on the same file.
    const { stdout } = await run(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'apps/tools/replay.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: harness.config.dataDir, LOG_LEVEL: 'error' },
    });
    expect(stdout).toMatch(/Replayed \d+ events/);
    expect(await answers()).toEqual(before);
  }, 120_000);
});

describe('the upgrade of a store from before the asset events', () => {
  it('records each existing asset once, so that a replay keeps the inventory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lorawatch-asset-import-'));
    const db = openDatabase(join(dir, 'lorawatch.db'));
    try {
      const events = new SqliteEventStore(db);
      const store = new SqliteReadStore(db);
      const old: AssetView = {
        id: 'gateway:1:a840411d2bfc4150',
        numericId: 7,
        type: 'gateway',
        organizationId: 1,
        dataSourceId: 1,
        hexId: 'a840411d2bfc4150',
        devEui: null,
        devAddr: null,
        joinEui: null,
        vendor: 'Dragino Technology Co., Limited',
        connected: true,
        firstActivity: '2026-01-01T00:00:00.000Z',
        lastActivity: '2026-01-02T00:00:00.000Z',
        latitude: null,
        longitude: null,
        gateways: [],
        usage: {} as AssetView['usage'],
      };
      // What the detectors wrote straight into the read store before the upgrade.
      await store.commit([{ op: 'upsert', collection: ASSETS.name, doc: old }]);

      // The first start keeps the inventory it has: the new projection does not rebuild it.
      const live = new ProjectionRunner(events, store, PROJECTIONS_IN_ORDER);
      await live.start();
      await live.caughtUp();
      await live.stop();
      expect(await store.collection<AssetView>(ASSETS).find({})).toEqual([old]);

      expect(await importExistingAssets(events, store)).toBe(1);
      expect(await importExistingAssets(events, store)).toBe(0);
      const imported = (await events.readAll()).filter((event) => event.type === AssetEventTypes.Imported);
      expect(imported).toHaveLength(1);
      expect(imported[0].metadata.occurredAt).toBe(old.lastActivity);

      // A replay from scratch rebuilds it from the import.
      for (const projection of PROJECTIONS_IN_ORDER) {
        await store.reset(
          projection.collections.map((spec) => spec.name),
          projection.name,
        );
      }
      expect(await store.collection<AssetView>(ASSETS).find({})).toEqual([]);
      const replay = new ProjectionRunner(events, store, PROJECTIONS_IN_ORDER);
      await replay.start();
      await replay.caughtUp();
      await replay.stop();
      expect(await store.collection<AssetView>(ASSETS).find({})).toEqual([old]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
