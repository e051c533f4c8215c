import { get as httpGet, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AS_OF_REFUSED } from '@lorawatch/alerts/export/alerts-export.controller';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { seedWorld } from '@lorawatch/assets/testing/seed-world';
import { alertOn, uplink } from '@lorawatch/issues/testing/issue-scenario';
import { IssueWorld } from '@lorawatch/issues/testing/issue-world';
import { READ_STORE, type ReadStore, type WriteOp } from '@lorawatch/read-store/read-store.port';
import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF');
  return records;
}

/** CSV records as objects keyed by the header row. */
function csvObjects(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]])));
}

/** A full garbage collection, for heap measurements (the flag can be set at run time). */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Polls a growing count until it has not moved for a while, and answers its value then. */
async function untilSteady(read: () => number, quietMs = 300): Promise<number> {
  let value = read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = read();
    if (now === value) return now;
    value = now;
  }
}

const SOURCE = {
  description: '',
  data_collector_type_id: 1,
  policy_id: 1,
  ip: '127.0.0.1',
  port: 1,
};
const AWKWARD_NAME = 'Roof, "North"\nwing';
const BULK_ROWS = 20_000;

/** Exports of the five lists as CSV and JSON (docs/api.md, Exports), on the real app and its SQLite file. */
describe('exports', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let fieldId: number;
  let otherId: number;
  let bulkId: number;
  let alphaId: number;
  const as = (caller: Caller) => authorization(tokens, caller);
  const get = (path: string, caller: Caller = 'admin') =>
    harness.http.get(`/api/v1.0/${path}`).set(as(caller));
  const csv = async (path: string, caller: Caller = 'admin') => {
    const response = await get(path, caller).expect(200);
    return csvObjects(response.text);
  };
  const json = async <T>(path: string, caller: Caller = 'admin') =>
    (await get(path, caller).expect(200)).body as T[];
  const createSource = async (name: string, caller: Caller): Promise<number> => {
    const response = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(as(caller))
      .send({ ...SOURCE, name })
      .expect(200);
    return (response.body as { id: number }).id;
  };

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness, 91);
    fieldId = await createSource(AWKWARD_NAME, 'admin');
    otherId = await createSource('Elsewhere', 'other admin');
    bulkId = await createSource('Bulk', 'admin');
    alphaId = await createSource('Alpha', 'admin');

    // Assets: the inventory world in both organisations, from packets through the detectors.
    await seedWorld(harness.app, 1, fieldId);
    await seedWorld(harness.app, 1, alphaId);
    await seedWorld(harness.app, 2, otherId);

    // Alerts and issues through the event store; LAF-100 opens an issue.
    const world = new IssueWorld(harness);
    const base = Date.now() - 3_600_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const device = (n: number) => ({
      devEui: `0004a30b0000aa${String(n).padStart(2, '0')}`,
      devAddr: `2600aa${String(n).padStart(2, '0')}`,
    });
    await world.raise(
      alertOn('LAF-001', uplink(device(1), at(1), 1, { organizationId: 1, dataSourceId: fieldId })),
      alertOn('LAF-003', uplink(device(2), at(2), 2, { organizationId: 1, dataSourceId: fieldId })),
      alertOn('LAF-100', uplink(device(3), at(3), 3, { organizationId: 1, dataSourceId: fieldId }), {
        rssi: -125,
      }),
      alertOn('LAF-001', uplink(device(4), at(4), 4, { organizationId: 2, dataSourceId: otherId })),
      alertOn('LAF-100', uplink(device(5), at(5), 5, { organizationId: 2, dataSourceId: otherId }), {
        rssi: -125,
      }),
    );

    // The large export: alerts written straight into the read model, as the projection would.
    const store = harness.app.get<ReadStore>(READ_STORE);
    store.collection(ALERTS);
    const template: Omit<AlertView, 'id' | 'numericId' | 'createdAt'> = {
      code: 'LAF-001',
      typeName: 'Bulk alert',
      risk: 'LOW',
      organizationId: 1,
      dataSourceId: bulkId,
      devEui: '0004a30b00000001',
      devAddr: '26000001',
      gateway: null,
      // Weight, so that the file is larger than what the connection's buffers take in while the client waits.
      parameters: { note: 'x'.repeat(1500) },
      show: true,
      resolved: false,
      resolvedAt: null,
      resolvedById: null,
      resolvedBy: null,
      resolutionComment: null,
      assetId: null,
      assetImportance: null,
    };
    for (let start = 0; start < BULK_ROWS; start += 1000) {
      const ops: WriteOp[] = [];
      for (let n = start; n < start + 1000; n++) {
        const doc: AlertView = {
          ...template,
          id: `bulk-${n}`,
          numericId: 10_000_000 + n,
          createdAt: new Date(base - 86_400_000 + n * 1000).toISOString(),
        };
        ops.push({ op: 'upsert', collection: ALERTS.name, doc });
      }
      await store.commit(ops);
    }
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  describe('alerts', () => {
    it('writes a CSV file with a header row, the filters applied and awkward text quoted', async () => {
      const response = await get(`alerts/export?format=csv&data_collector[]=${fieldId}`).expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="alerts-\d{8}-\d{6}\.csv"$/,
      );
      const rows = csvObjects(response.text);
      const list = await json<{ id: number }>(`alerts?data_collector[]=${fieldId}`);
      expect(rows.map((row) => Number(row.id))).toEqual(list.map((alert) => alert.id));
      expect(rows.length).toBeGreaterThan(3);
      expect(rows.every((row) => row.data_collector_name === AWKWARD_NAME)).toBe(true);
      expect(response.text).toContain('"Roof, ""North""\nwing"');
      expect(Object.keys(rows[0])).toEqual(
        expect.arrayContaining(['id', 'type', 'description', 'risk', 'created_at', 'dev_eui', 'resolved']),
      );

      const filtered = await csv(`alerts/export?format=csv&data_collector[]=${fieldId}&type[]=LAF-003`);
      expect(filtered.map((row) => row.type)).toEqual(['LAF-003']);
      const ascending = await csv(
        `alerts/export?format=csv&data_collector[]=${fieldId}&type[]=LAF-001&type[]=LAF-003&type[]=LAF-100&order_by[]=created_at&order_by[]=ASC`,
      );
      expect(ascending.map((row) => row.type)).toEqual(['LAF-001', 'LAF-003', 'LAF-100']);
    });

    it('writes JSON as one array of the list’s alerts', async () => {
      const response = await get(`alerts/export?format=json&data_collector[]=${fieldId}`).expect(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/filename="alerts-\d{8}-\d{6}\.json"/);
      const list = await json<{ id: number }>(`alerts?include_parameters=true&data_collector[]=${fieldId}`);
      expect(response.body).toEqual(list);
      expect(await json(`alerts/export?format=json&type[]=LAF-999`)).toEqual([]);
    });

    it('shows no organisation the rows of another', async () => {
      const mine = await csv('alerts/export?format=csv&type[]=LAF-100');
      const theirs = await csv('alerts/export?format=csv&type[]=LAF-100', 'other admin');
      expect(mine).toHaveLength(1);
      expect(theirs).toHaveLength(1);
      expect(mine[0].data_collector_id).toBe(String(fieldId));
      expect(theirs[0].data_collector_id).toBe(String(otherId));
      expect(
        (await get(`alerts/export?format=csv&data_collector[]=${fieldId}`, 'other admin').expect(400)).body
          .error,
      ).toEqual(expect.any(String));
    });

    it('answers 400 with a message for a bad format or order, and 401 without a session', async () => {
      expect((await get('alerts/export').expect(400)).body.error).toBe('format must be csv or json');
      expect((await get('alerts/export?format=xml').expect(400)).body.error).toBe(
        'format must be csv or json',
      );
      expect(
        (await get('alerts/export?format=csv&order_by[]=nope&order_by[]=ASC').expect(400)).body.error,
      ).toMatch(/^order_by column must be one of/);
      expect((await get('alerts/export?format=csv&page=2').expect(400)).body.error).toEqual(
        expect.any(String),
      );
      await get('alerts/export?format=csv', 'anonymous').expect(401);
      // Exports are of the live state: a past time is refused, whether the list takes one or not.
      for (const path of [
        'alerts/export',
        'events_log/export',
        'quarantined_devices/export',
        'inventory/export',
      ]) {
        await get(`${path}?format=csv&as_of=2024-01-01T00:00:00Z`).expect(400);
      }
      expect((await get('alerts/export?format=json&as_of=2024-01-01T00:00:00Z').expect(400)).body.error).toBe(
        AS_OF_REFUSED,
      );
    });
  });

  describe('the events log', () => {
    it('writes its columns, newest first, with its filters', async () => {
      const rows = await csv(`events_log/export?format=csv&data_collector[]=${fieldId}`);
      expect(Object.keys(rows[0])).toEqual(['id', 'risk', 'description', 'date', 'source', 'state']);
      const list = await json<{ id: number }>(`alerts?data_collector[]=${fieldId}`);
      expect(rows.map((row) => Number(row.id))).toEqual(list.map((alert) => alert.id));
      expect(rows.map((row) => row.date)).toEqual(
        rows
          .map((row) => row.date)
          .sort()
          .reverse(),
      );
      expect(rows.every((row) => row.state === 'Unresolved' && row.source === AWKWARD_NAME)).toBe(true);
      expect(await csv(`events_log/export?format=csv&data_collector[]=${fieldId}&resolved=true`)).toEqual([]);
      expect(
        (await get('events_log/export?format=csv&order_by[]=id&order_by[]=ASC').expect(400)).status,
      ).toBe(400);
    });
  });

  describe('current issues', () => {
    it('exports the open issues of the organisation only, in CSV and JSON', async () => {
      const rows = await csv('quarantined_devices/export?format=csv');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'LAF-100',
        data_collector_name: AWKWARD_NAME,
        asset_type: 'DEVICE',
      });
      const list = await json<{ id: number }>('quarantined_devices');
      expect(await json('quarantined_devices/export?format=json')).toEqual(list);
      const theirs = await csv('quarantined_devices/export?format=csv', 'other admin');
      expect(theirs).toHaveLength(1);
      expect(theirs[0].data_collector_id).toBe(String(otherId));
      expect(await csv('quarantined_devices/export?format=csv&risk[]=INFO')).toEqual([]);
      expect(
        (await get('quarantined_devices/export?format=csv&order_by[]=x&order_by[]=ASC').expect(400)).body
          .error,
      ).toMatch(/^order_by field must be one of/);
    });
  });

  describe('inventory and network overview', () => {
    it('exports the inventory as the list shows it, with its filters and order', async () => {
      const list = (await get(`inventory/list?size=100&data_collector_ids[]=${fieldId}`).expect(200))
        .body as { assets: Array<{ id: number }> };
      const exported = await json<{ id: number }>(
        `inventory/export?format=json&data_collector_ids[]=${fieldId}`,
      );
      expect(exported).toEqual(list.assets);
      expect(exported).toHaveLength(4);

      const devices = await csv(
        `inventory/export?format=csv&asset_type=device&data_collector_ids[]=${fieldId}&order_by[]=id&order_by[]=DESC`,
      );
      expect(devices.map((row) => row.type)).toEqual(['Device', 'Device']);
      expect(devices.map((row) => Number(row.id))).toEqual(
        devices.map((row) => Number(row.id)).sort((a, b) => b - a),
      );
      expect(devices.every((row) => row.data_collector === AWKWARD_NAME)).toBe(true);

      const theirs = await csv('inventory/export?format=csv', 'other admin');
      expect(theirs).toHaveLength(4);
      expect(theirs.every((row) => row.data_collector === 'Elsewhere')).toBe(true);
      await get('inventory/export?format=csv&order_by[]=nope&order_by[]=ASC').expect(400);
    });

    it.each(['', '&order_by[]=data_collector&order_by[]=ASC', '&order_by[]=data_collector&order_by[]=DESC'])(
      'orders the inventory of several data sources as the list does (%s)',
      async (order) => {
        const list = (await get(`inventory/list?size=100${order}`).expect(200)).body as {
          assets: Array<{ id: number; data_collector: string }>;
        };
        expect(list.assets).toHaveLength(8);
        expect(await json(`inventory/export?format=json${order}`)).toEqual(list.assets);
      },
    );

    it('exports the network overview as the list shows it, with its filters', async () => {
      const list = (await get('resource_usage/list?size=100').expect(200)).body as {
        assets: Array<{ id: number }>;
      };
      expect(await json('resource_usage/export?format=json')).toEqual(list.assets);
      const gateways = await csv(
        `resource_usage/export?format=csv&asset_type=gateway&data_collector_ids[]=${fieldId}`,
      );
      expect(gateways.map((row) => row.type)).toEqual(['Gateway', 'Gateway']);
      const devices = await csv(
        'resource_usage/export?format=csv&asset_type=device&order_by[]=max_rssi&order_by[]=DESC',
      );
      const rssi = devices.map((row) => Number(row.max_rssi));
      expect(rssi).toEqual([...rssi].sort((a, b) => b - a));
      expect(
        (await csv('resource_usage/export?format=csv', 'other admin')).every(
          (row) => row.data_collector === 'Elsewhere',
        ),
      ).toBe(true);
      expect((await get('resource_usage/export?format=pdf').expect(400)).body.error).toBe(
        'format must be csv or json',
      );
    });
  });

  describe('a large export', () => {
    it(`streams ${BULK_ROWS} rows in many chunks, held back by a slow client, while the heap stays flat`, async () => {
      const gc = collectGarbage();
      const store = harness.app.get<ReadStore>(READ_STORE);
      const path = `/api/v1.0/alerts/export?format=csv&data_collector[]=${bulkId}&order_by[]=created_at&order_by[]=ASC`;
      // The server's side of the download, observed (not altered) to see how much it has sent.
      let served: ServerResponse | null = null;
      const server = harness.app.getHttpServer() as Server;
      const observe = (request: IncomingMessage, response: ServerResponse) => {
        if (request.url?.startsWith('/api/v1.0/alerts/export')) served = response;
      };
      server.on('request', observe);
      const sent = () => {
        const r = served as ServerResponse | null;
        return r?.socket?.bytesWritten ?? 0;
      };
      gc();
      const baseline = process.memoryUsage().heapUsed;

      const result = await new Promise<{
        chunks: number;
        rows: number;
        bytes: number;
        sentWhilePaused: number;
        retained: number[];
        headers: IncomingMessage['headers'];
      }>((resolve, reject) => {
        httpGet(`${harness.url}${path}`, { headers: as('admin') }, (response) => {
          let chunks = 0;
          let lines = 0;
          let bytes = 0;
          let sentWhilePaused = 0;
          const retained: number[] = [];
          response.setEncoding('utf8');
          response.on('data', (text: string) => {
            chunks++;
            bytes += Buffer.byteLength(text);
            for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
            if (chunks === 1) {
              // Stop reading until the server has stopped sending: it must wait for the client.
              response.pause();
              void untilSteady(sent).then((steady) => {
                sentWhilePaused = steady;
                gc();
                retained.push(process.memoryUsage().heapUsed - baseline);
                response.resume();
              });
            } else if (chunks % 100 === 0) {
              gc();
              retained.push(process.memoryUsage().heapUsed - baseline);
            }
          });
          response.on('end', () =>
            resolve({ chunks, rows: lines - 1, bytes, sentWhilePaused, retained, headers: response.headers }),
          );
          response.on('error', reject);
        }).on('error', reject);
      });
      server.off('request', observe);

      expect(result.headers['transfer-encoding']).toBe('chunked');
      expect(result.headers['content-length']).toBeUndefined();
      expect(result.rows).toBe(BULK_ROWS);
      expect(result.chunks).toBeGreaterThan(10);
      // While the client did not read, the server sent no more than the connection could buffer.
      expect(result.sentWhilePaused).toBeGreaterThan(0);
      expect(result.sentWhilePaused).toBeLessThan(result.bytes / 2);

      // What holding every row at once costs, measured the same way.
      const all = await store.collection<AlertView>(ALERTS).find({ dataSourceId: bulkId });
      gc();
      const materialised = process.memoryUsage().heapUsed - baseline;
      expect(all).toHaveLength(BULK_ROWS);
      expect(result.retained.length).toBeGreaterThan(2);
      // The export never held more than a small part of what the rows weigh together.
      expect(Math.max(...result.retained)).toBeLessThan(materialised / 4);
    }, 120_000);
  });
});
