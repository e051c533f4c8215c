import type { AlertCode } from '@lorawatch/domain/alert-catalogue';
import { alertOn, uplink } from '@lorawatch/issues/testing/issue-scenario';
import { IssueWorld } from '@lorawatch/issues/testing/issue-world';
import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type CallerTokens } from './support/callers';

interface AlertJson {
  id: number;
}

/** GET alerts with `after` / `before` (keyset paging, docs/api.md §6) against the same list paged by `page`. */
describe('alert list keyset paging', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  const get = (path: string, caller: 'admin' | 'other admin' = 'admin') =>
    harness.http.get(`/api/v1.0/${path}`).set(authorization(tokens, caller));
  const ids = async (path: string) => ((await get(path).expect(200)).body as AlertJson[]).map((a) => a.id);

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness, 81);
    const source = (
      await harness.http
        .post('/api/v1.0/data_collectors')
        .set(authorization(tokens, 'admin'))
        .send({
          name: 'Keys',
          description: '',
          data_collector_type_id: 1,
          policy_id: 1,
          ip: '127.0.0.1',
          port: 1,
        })
        .expect(200)
    ).body.id as number;
    const world = new IssueWorld(harness);
    const base = Date.now() - 86_400_000;
    const codes: AlertCode[] = ['LAF-001', 'LAF-003', 'LAF-005', 'LAF-400'];
    for (let n = 1; n <= 11; n++) {
      // Pairs of alerts at the same instant: the id decides between them.
      const date = new Date(base + Math.floor(n / 2) * 60_000).toISOString();
      const device = {
        devEui: `0004a30b000001${String(n).padStart(2, '0')}`,
        devAddr: `260001${String(n).padStart(2, '0')}`,
      };
      await world.raise(
        alertOn(
          codes[n % codes.length],
          uplink(device, date, n, { organizationId: 1, dataSourceId: source }),
        ),
      );
    }
    await world.settle();
  });

  afterAll(async () => {
    await harness?.close();
  });

  const ORDERS = [
    '',
    '&order_by[]=created_at&order_by[]=ASC',
    '&order_by[]=type&order_by[]=DESC',
    '&order_by[]=id&order_by[]=ASC',
  ];

  it.each(ORDERS)('walks forwards and back through the same pages as page=N (%s)', async (order) => {
    const all = await ids(`alerts?${order}`);
    expect(all.length).toBeGreaterThanOrEqual(11);
    const size = 3;
    const pages: number[][] = [];
    for (let page = 0; page * size < all.length; page++)
      pages.push(await ids(`alerts?page=${page}&size=${size}${order}`));
    expect(pages.flat()).toEqual(all);
    for (let page = 1; page < pages.length; page++) {
      const previous = pages[page - 1];
      expect(await ids(`alerts?size=${size}&after=${previous[previous.length - 1]}${order}`)).toEqual(
        pages[page],
      );
      expect(await ids(`alerts?size=${size}&before=${pages[page][0]}${order}`)).toEqual(previous);
    }
    const last = pages[pages.length - 1];
    expect(await ids(`alerts?size=${size}&after=${last[last.length - 1]}${order}`)).toEqual([]);
    expect(await ids(`alerts?size=${size}&before=${pages[0][0]}${order}`)).toEqual([]);
  });

  it('keeps the filters, refuses a key it cannot use, and shows no other organisation the key', async () => {
    const filtered = await ids('alerts?type[]=LAF-001&type[]=LAF-005');
    expect(await ids(`alerts?type[]=LAF-001&type[]=LAF-005&size=50&after=${filtered[0]}`)).toEqual(
      filtered.slice(1),
    );
    const [first] = await ids('alerts?page=0&size=1');
    expect((await get(`alerts?after=${first}&before=${first}`).expect(400)).body.error).toBe(
      'after and before cannot be combined',
    );
    expect((await get('alerts?after=x').expect(400)).body.error).toBe('after must be an alert id');
    expect((await get('alerts?after=999999').expect(400)).body.error).toBe(
      'after must be the id of an alert',
    );
    expect((await get(`alerts?after=${first}`, 'other admin').expect(400)).body.error).toBe(
      'after must be the id of an alert',
    );
  });
});
