import { seedWorld, type SeededWorld } from '@lorawatch/assets/testing/seed-world';
import { WORLD } from '@lorawatch/assets/testing/inventory-world';
import { ALERT_CATALOGUE, type AlertCode } from '@lorawatch/domain/alert-catalogue';
import { alertOn, uplink } from '@lorawatch/issues/testing/issue-scenario';
import { IssueWorld } from '@lorawatch/issues/testing/issue-world';
import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';
import { waitFor } from './support/wait-for';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Three days ago at UTC midnight. */
const DAY0 = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 3 * DAY_MS);
const at = (day: number, time: string): string =>
  new Date(DAY0.getTime() + day * DAY_MS + Date.parse(`1970-01-01T${time}Z`)).toISOString();
const dayText = (day: number): string => at(day, '00:00:00').slice(0, 10);
const hourText = (day: number, hour: number): string =>
  `${dayText(day)} ${String(hour).padStart(2, '0')}:00:00+00:00`;

interface AlertJson {
  id: number;
  type: string;
  created_at: string;
  data_collector_id?: number;
}

/**
 * Alert lists and counts over the real alerts read model: alerts appended to the event store as the detectors do,
 * read through GET alerts, alerts/count, alert_types/count and data_collectors?include_count=true.
 */
describe('alert queries', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let sourceA: number;
  let sourceB: number;
  let foreignSource: number;
  /** Alert API ids by scenario name. */
  const ids: Record<string, number> = {};

  const get = (path: string, caller: Caller = 'admin') =>
    harness.http.get(`/api/v1.0/${path}`).set(authorization(tokens, caller));

  async function createSource(caller: 'admin' | 'other admin', name: string): Promise<number> {
    const response = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(authorization(tokens, caller))
      .send({ name, description: '', data_collector_type_id: 1, policy_id: 1, ip: '127.0.0.1', port: 1 })
      .expect(200);
    return response.body.id as number;
  }

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness, 80);
    sourceA = await createSource('admin', 'Field A');
    sourceB = await createSource('admin', 'Field B');
    foreignSource = await createSource('other admin', 'Elsewhere');
    const scenario: Array<[string, AlertCode, number, string]> = [
      ['a1', 'LAF-400', sourceA, at(0, '10:05:00')],
      ['a2', 'LAF-001', sourceA, at(0, '10:59:59.999')],
      ['a3', 'LAF-402', sourceB, at(0, '11:00:00')],
      ['a4', 'LAF-005', sourceB, at(0, '23:59:59.999')],
      ['a5', 'LAF-400', sourceA, at(1, '00:00:00')],
      ['a6', 'LAF-003', sourceA, at(1, '05:00:00')],
      ['a7', 'LAF-008', sourceA, at(1, '05:30:00')],
    ];
    const world = new IssueWorld(harness);
    let fCnt = 0;
    for (const [, code, dataSourceId, date] of scenario) {
      fCnt += 1;
      const device = { devEui: `0004a30b0000000${fCnt}`, devAddr: `2600000${fCnt}` };
      await world.raise(alertOn(code, uplink(device, date, fCnt, { organizationId: 1, dataSourceId })));
    }
    const listed = (await get('alerts?order_by[]=created_at&order_by[]=ASC').expect(200)).body as AlertJson[];
    expect(listed.map((alert) => alert.created_at)).toEqual(scenario.map(([, , , date]) => date));
    scenario.forEach(([name], index) => (ids[name] = listed[index].id));
    await harness.http
      .put(`/api/v1.0/alerts/${ids.a6}/resolve`)
      .set(authorization(tokens, 'admin'))
      .send({ comment: 'known test' })
      .expect(200);
  });
  afterAll(async () => harness?.close());

  const names = (alerts: AlertJson[]) =>
    alerts.map((alert) => Object.keys(ids).find((name) => ids[name] === alert.id));

  describe('GET alerts/count', () => {
    it('TOTAL counts the matching alerts', async () => {
      const cases: Array<[string, number]> = [
        ['', 7],
        ['resolved=true', 1],
        ['resolved=false', 6],
        ['resolved=yes', 6],
        ['type[]=LAF-400', 2],
        ['type[]=LAF-400&type[]=LAF-005', 3],
        ['risk[]=HIGH', 2],
        ['risk[]=INFO&risk[]=MEDIUM', 5],
        [`data_collector[]=${sourceB}`, 2],
        [`created_at[gte]=${at(0, '11:00:00')}&created_at[lte]=${at(1, '00:00:00')}`, 3],
        [`created_at[lte]=${dayText(0)}`, 4],
        [`created_at[gte]=${dayText(1)}&risk[]=HIGH&data_collector[]=${sourceA}`, 1],
      ];
      for (const [filters, count] of cases) {
        const response = await get(`alerts/count?group_by=TOTAL&${filters}`).expect(200);
        expect({ filters, body: response.body }).toEqual({ filters, body: { count } });
      }
    });

    it('HOUR gives the non-empty hours, oldest first, with the highest risk of each', async () => {
      const response = await get('alerts/count?group_by=HOUR').expect(200);
      expect(response.body).toEqual([
        { hour: hourText(0, 10), count: 2, risk: 'MEDIUM' },
        { hour: hourText(0, 11), count: 1, risk: 'INFO' },
        { hour: hourText(0, 23), count: 1, risk: 'HIGH' },
        { hour: hourText(1, 0), count: 1, risk: 'INFO' },
        { hour: hourText(1, 5), count: 2, risk: 'HIGH' },
      ]);
    });

    it('DAY (also the default and anything absent) gives the days with the highest risk of each', async () => {
      const expected = [
        { date: dayText(0), count: 4, risk: 'HIGH' },
        { date: dayText(1), count: 3, risk: 'HIGH' },
      ];
      expect((await get('alerts/count?group_by=DAY').expect(200)).body).toEqual(expected);
      expect((await get('alerts/count').expect(200)).body).toEqual(expected);
    });

    it('takes the highest risk among the alerts the filters keep', async () => {
      const lower = await get('alerts/count?risk[]=INFO&risk[]=MEDIUM').expect(200);
      expect(lower.body).toEqual([
        { date: dayText(0), count: 3, risk: 'MEDIUM' },
        { date: dayText(1), count: 2, risk: 'MEDIUM' },
      ]);
      const open = await get(
        'alerts/count?group_by=HOUR&resolved=false&type[]=LAF-003&type[]=LAF-400',
      ).expect(200);
      expect(open.body).toEqual([
        { hour: hourText(0, 10), count: 1, risk: 'INFO' },
        { hour: hourText(1, 0), count: 1, risk: 'INFO' },
      ]);
      const solved = await get('alerts/count?group_by=HOUR&resolved=true').expect(200);
      expect(solved.body).toEqual([{ hour: hourText(1, 5), count: 1, risk: 'MEDIUM' }]);
      const onlyB = await get(`alerts/count?data_collector[]=${sourceB}`).expect(200);
      expect(onlyB.body).toEqual([{ date: dayText(0), count: 2, risk: 'HIGH' }]);
      const window = await get(
        `alerts/count?group_by=HOUR&created_at[gte]=${at(0, '10:30:00')}&created_at[lte]=${at(0, '11:00:00')}`,
      ).expect(200);
      expect(window.body).toEqual([
        { hour: hourText(0, 10), count: 1, risk: 'MEDIUM' },
        { hour: hourText(0, 11), count: 1, risk: 'INFO' },
      ]);
      const none = await get('alerts/count?group_by=HOUR&type[]=LAF-011').expect(200);
      expect(none.body).toEqual([]);
    });
  });

  describe('GET alert_types/count', () => {
    it('lists every alert type with its count, 0 when none', async () => {
      const response = await get('alert_types/count').expect(200);
      const body = response.body as Array<{ code: string; count: number; name: string; risk: string }>;
      expect(body.map((type) => type.code)).toEqual(ALERT_CATALOGUE.map((type) => type.code));
      const counts = Object.fromEntries(
        body.filter((type) => type.count > 0).map((type) => [type.code, type.count]),
      );
      expect(counts).toEqual({
        'LAF-001': 1,
        'LAF-003': 1,
        'LAF-005': 1,
        'LAF-008': 1,
        'LAF-400': 2,
        'LAF-402': 1,
      });
      expect(body.find((type) => type.code === 'LAF-400')).toMatchObject({
        name: expect.any(String),
        risk: 'INFO',
        description: expect.any(String),
        message: expect.any(String),
      });
    });

    it('narrows the counts by from, to, resolved, risk, data source and type', async () => {
      const counted = async (query: string) =>
        Object.fromEntries(
          (
            (await get(`alert_types/count?${query}`).expect(200)).body as Array<{
              code: string;
              count: number;
            }>
          )
            .filter((type) => type.count > 0)
            .map((type) => [type.code, type.count]),
        );
      expect(await counted(`from=${at(0, '11:00:00')}&to=${at(1, '00:00:00')}`)).toEqual({
        'LAF-402': 1,
        'LAF-005': 1,
        'LAF-400': 1,
      });
      expect(await counted('resolved=true')).toEqual({ 'LAF-003': 1 });
      expect(await counted('resolved=false&risk[]=HIGH')).toEqual({ 'LAF-005': 1, 'LAF-008': 1 });
      expect(await counted(`data_collector[]=${sourceB}`)).toEqual({ 'LAF-402': 1, 'LAF-005': 1 });
      expect(await counted('type[]=LAF-400&type[]=LAF-001')).toEqual({ 'LAF-400': 2, 'LAF-001': 1 });
      const typed = await get('alert_types/count?type[]=LAF-400').expect(200);
      expect(typed.body).toHaveLength(ALERT_CATALOGUE.length);
    });
  });

  describe('GET alerts', () => {
    it('is newest first by default; page is 0-based; without page every alert comes', async () => {
      expect(names((await get('alerts').expect(200)).body)).toEqual([
        'a7',
        'a6',
        'a5',
        'a4',
        'a3',
        'a2',
        'a1',
      ]);
      expect(names((await get('alerts?page=0&size=2').expect(200)).body)).toEqual(['a7', 'a6']);
      expect(names((await get('alerts?page=1&size=2').expect(200)).body)).toEqual(['a5', 'a4']);
      expect(names((await get('alerts?page=3&size=2').expect(200)).body)).toEqual(['a1']);
      expect((await get('alerts?page=4&size=2').expect(200)).body).toEqual([]);
    });

    it('orders by any alert column in either direction, ties broken by id', async () => {
      const cases: Array<[string, string[]]> = [
        ['created_at&order_by[]=ASC', ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']],
        ['id&order_by[]=DESC', ['a7', 'a6', 'a5', 'a4', 'a3', 'a2', 'a1']],
        ['type&order_by[]=ASC', ['a2', 'a6', 'a4', 'a7', 'a1', 'a5', 'a3']],
        ['data_collector_id&order_by[]=DESC', ['a4', 'a3', 'a7', 'a6', 'a5', 'a2', 'a1']],
        ['resolved_at&order_by[]=DESC', ['a6', 'a7', 'a5', 'a4', 'a3', 'a2', 'a1']],
        ['device_auth_id&order_by[]=ASC', ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']],
      ];
      for (const [order, expected] of cases) {
        const response = await get(`alerts?order_by[]=${order}`).expect(200);
        expect({ order, names: names(response.body) }).toEqual({ order, names: expected });
      }
      const paged = await get('alerts?order_by[]=type&order_by[]=ASC&page=1&size=3').expect(200);
      expect(names(paged.body)).toEqual(['a7', 'a1', 'a5']);
    });

    it('ignores an order_by that is short, has an empty column or a direction other than ASC or DESC', async () => {
      for (const order of [
        'order_by[]=created_at',
        'order_by[]=&order_by[]=ASC',
        'order_by[]=id&order_by[]=asc',
      ]) {
        const response = await get(`alerts?${order}`).expect(200);
        expect({ order, names: names(response.body) }).toEqual({
          order,
          names: ['a7', 'a6', 'a5', 'a4', 'a3', 'a2', 'a1'],
        });
      }
    });

    it('applies the same filters as the counts', async () => {
      const filtered = await get(
        `alerts?resolved=false&risk[]=INFO&data_collector[]=${sourceA}&created_at[gte]=${dayText(0)}&include_parameters=true`,
      ).expect(200);
      expect(names(filtered.body)).toEqual(['a5', 'a1']);
      expect(filtered.body[0]).toMatchObject({ data_collector_id: sourceA, data_collector_name: 'Field A' });
      const short = await get('alerts?type[]=LAF-005').expect(200);
      expect(short.body).toEqual([{ id: ids.a4, type: 'LAF-005', created_at: at(0, '23:59:59.999') }]);
    });
  });

  describe('GET data_collectors?include_count=true', () => {
    const counts = async (query: string) =>
      Object.fromEntries(
        (
          (await get(`data_collectors?${query}`).expect(200)).body.data_collectors as Array<{
            id: number;
            count?: number;
          }>
        ).map((source) => [source.id, source.count]),
      );

    it('adds each data source its count of visible alerts in the window', async () => {
      expect(await counts('include_count=true')).toEqual({ [sourceA]: 5, [sourceB]: 2 });
      expect(await counts(`include_count=true&from=${at(0, '11:00:00')}&to=${at(1, '00:00:00')}`)).toEqual({
        [sourceA]: 1,
        [sourceB]: 2,
      });
      expect(await counts('include_count=true&resolved=true')).toEqual({ [sourceA]: 1, [sourceB]: 0 });
      expect(await counts('include_count=true&risk[]=HIGH')).toEqual({ [sourceA]: 1, [sourceB]: 1 });
      expect(await counts('include_count=true&type[]=LAF-400')).toEqual({ [sourceA]: 2, [sourceB]: 0 });
      expect(await counts(`include_count=true&data_collector[]=${sourceB}`)).toEqual({
        [sourceA]: 0,
        [sourceB]: 2,
      });
    });

    it('has no count without include_count=true', async () => {
      expect(await counts('')).toEqual({ [sourceA]: undefined, [sourceB]: undefined });
      expect(await counts('include_count=false&from=whenever')).toEqual({
        [sourceA]: undefined,
        [sourceB]: undefined,
      });
    });
  });

  describe('bad requests', () => {
    it.each([
      ['alerts?created_at[gte]=yesterday', 'no valid created_at[gte] value'],
      ['alerts/count?created_at[lte]=2024-02-30', 'no valid created_at[lte] value'],
      [
        'alerts/count?created_at[gte]=2024-03-02&created_at[lte]=2024-03-01T10:00:00Z',
        'since value must be before to until value',
      ],
      ['alert_types/count?from=now', 'no valid from value'],
      ['alert_types/count?to=2024-03-01T25:00:00Z', 'no valid to value'],
      ['alert_types/count?from=2024-03-02&to=2024-03-01', 'since value must be before to until value'],
      ['data_collectors?include_count=true&from=soon', 'no valid from value'],
      [
        'alerts?order_by[]=password&order_by[]=ASC',
        expect.stringContaining('order_by column must be one of'),
      ],
      ['alerts/count?group_by=WEEK', 'group_by must be TOTAL, HOUR or DAY'],
      ['alerts?page=-1', 'page must not be negative'],
      ['alert_types/count?risk[]=SEVERE', 'risk must be INFO, LOW, MEDIUM or HIGH'],
      ['alert_types/count?type[]=DROP', 'type must be alert type codes such as LAF-001'],
    ])('GET %s → 400', async (path, message) => {
      const response = await get(path).expect(400);
      expect(response.body.error).toEqual(message);
    });

    it('refuses data sources of another organization or unknown ones with the spec message', async () => {
      for (const path of [
        'alerts',
        'alerts/count',
        'alert_types/count',
        'data_collectors?include_count=true&',
      ]) {
        for (const filter of [
          `data_collector[]=${foreignSource}`,
          `data_collector[]=${sourceA}&data_collector[]=9999`,
        ]) {
          const joined = path.endsWith('&') ? `${path}${filter}` : `${path}?${filter}`;
          const response = await get(joined).expect(400);
          expect({ joined, body: response.body }).toEqual({
            joined,
            body: expect.objectContaining({
              error: 'The user does not have access to all the data collectors in the filter.',
            }),
          });
        }
      }
    });
  });

  /** Who may read alerts and their counts (CONTRIBUTING.md §5): every member, each organization only its own alerts. */
  describe('authorization', () => {
    const TABLE: Array<[string, Record<Caller, number>]> = [
      ['alerts', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
      ['alerts/count?group_by=TOTAL', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
      ['alerts/count?group_by=HOUR', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
      ['alert_types/count', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
      ['data_collectors?include_count=true', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
      ['alerts?data_collector[]=:a', { anonymous: 401, user: 200, admin: 200, 'other admin': 400 }],
      ['alerts/count?data_collector[]=:a', { anonymous: 401, user: 200, admin: 200, 'other admin': 400 }],
      [
        'alert_types/count?data_collector[]=:a',
        { anonymous: 401, user: 200, admin: 200, 'other admin': 400 },
      ],
    ];

    it.each(TABLE)('GET %s', async (path, expected) => {
      const outcomes: Record<string, number> = {};
      const answers: Record<string, unknown> = {};
      for (const caller of Object.keys(expected) as Caller[]) {
        const response = await get(path.replace(':a', String(sourceA)), caller);
        outcomes[caller] = response.status;
        answers[caller] = response.body;
      }
      expect(outcomes).toEqual(expected);
      expect(answers.user).toEqual(answers.admin);
    });

    it('shows another organization none of these alerts', async () => {
      expect((await get('alerts', 'other admin').expect(200)).body).toEqual([]);
      expect((await get('alerts/count?group_by=TOTAL', 'other admin').expect(200)).body).toEqual({
        count: 0,
      });
      expect((await get('alerts/count', 'other admin').expect(200)).body).toEqual([]);
      const types = (await get('alert_types/count', 'other admin').expect(200)).body as Array<{
        count: number;
      }>;
      expect(types.every((type) => type.count === 0)).toBe(true);
      const sources = await get('data_collectors?include_count=true', 'other admin').expect(200);
      expect(sources.body.data_collectors).toEqual([
        expect.objectContaining({ id: foreignSource, count: 0 }),
      ]);
    });
  });
});

/**
 * Alerts name their device and gateway by the ids the inventory and network screens open (docs/api.md §6, §10,
 * §13): traffic through the real detectors, as the demo network's, then every id an alert gives must open the
 * asset its parameters name.
 */
describe('alerts name their assets', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let world: SeededWorld;

  interface FullAlert {
    type: string;
    device_id: number | null;
    gateway_id: number | null;
    parameters: { dev_eui: string | null; gateway: string | null };
  }

  const get = (path: string, caller: Caller = 'admin') =>
    harness.http.get(`/api/v1.0/${path}`).set(authorization(tokens, caller));

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness, 82);
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(authorization(tokens, 'admin'))
      .send({
        name: 'World',
        description: '',
        data_collector_type_id: 1,
        policy_id: 1,
        ip: '127.0.0.1',
        port: 1,
      })
      .expect(200);
    world = await seedWorld(harness.app, 1, created.body.id as number);
  });
  afterAll(async () => harness?.close());

  it('gives the inventory ids of the device and the gateway, which open those assets', async () => {
    const alerts = await waitFor(async () => {
      const listed = (await get('alerts?include_parameters=true').expect(200)).body as FullAlert[];
      const codes = listed.map((alert) => alert.type);
      return codes.filter((code) => code === 'LAF-400').length === 2 &&
        codes.filter((code) => code === 'LAF-402').length === 2
        ? listed
        : null;
    });
    const deviceIds: Record<string, number> = {
      [WORLD.healthy.devEui]: world.ids.healthy,
      [WORLD.weak.devEui]: world.ids.weak,
    };
    const gatewayIds: Record<string, number> = {
      [WORLD.dragino]: world.ids.dragino,
      [WORLD.raspberry]: world.ids.raspberry,
    };
    for (const alert of alerts) {
      expect(alert.device_id).toBe(deviceIds[alert.parameters.dev_eui ?? '']);
      expect(alert.gateway_id).toBe(gatewayIds[alert.parameters.gateway ?? '']);
      const device = await get(`inventory/device/${alert.device_id}`).expect(200);
      expect(device.body).toMatchObject({
        id: alert.device_id,
        hex_id: alert.parameters.dev_eui,
        type: 'device',
      });
      await get(`resource_usage/device/${alert.device_id}`).expect(200);
      const gateway = await get(`inventory/gateway/${alert.gateway_id}`).expect(200);
      expect(gateway.body).toMatchObject({ id: alert.gateway_id, hex_id: alert.parameters.gateway });
      // The ids name this organization's assets only.
      await get(`inventory/device/${alert.device_id}`, 'other admin').expect(403);
    }
  });
});
