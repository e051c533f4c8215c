import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALERT_COUNTS, type AlertCountView } from '@lorawatch/alerts/projection/alert-count.view';
import { ALERTS, SHOWN, type AlertView } from '@lorawatch/domain/alert.view';
import { alertsProjection } from '@lorawatch/alerts/projection/alerts.projection';
import type { AlertCode } from '@lorawatch/domain/alert-catalogue';
import { riskRank, type Risk } from '@lorawatch/domain/risk';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { alertOn, uplink } from '@lorawatch/issues/testing/issue-scenario';
import { IssueWorld } from '@lorawatch/issues/testing/issue-world';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type CallerTokens } from './support/callers';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Two days ago at UTC midnight: recent enough for the issue tracker, old enough to be in the past. */
const DAY0 = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS);
const at = (day: number, time: string): string =>
  new Date(DAY0.getTime() + day * DAY_MS + Date.parse(`1970-01-01T${time}Z`)).toISOString();
const dayText = (day: number): string => at(day, '00:00:00').slice(0, 10);

interface ListedAlert {
  id: number;
  type: string;
  risk: string;
  created_at: string;
  data_collector_id: number;
  resolved: boolean;
}

/**
 * The alert counters (alerts/count, alert_types/count, data_collectors?include_count) read hourly counters kept by
 * the alerts projection. Specified here against the alerts themselves: GET alerts lists them through the alert
 * documents, so every count must equal what that list gives, for bounds on and off hour boundaries.
 */
describe('hourly alert counters', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let store: ReadStore;
  let world: IssueWorld;
  let sourceA: number;
  let sourceB: number;
  let fCnt = 0;

  const get = async (path: string) =>
    (await harness.http.get(`/api/v1.0/${path}`).set(authorization(tokens, 'admin')).expect(200)).body;

  async function createSource(name: string): Promise<number> {
    const response = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(authorization(tokens, 'admin'))
      .send({ name, description: '', data_collector_type_id: 1, policy_id: 1, ip: '127.0.0.1', port: 1 })
      .expect(200);
    return response.body.id as number;
  }

  async function raise(code: AlertCode, dataSourceId: number, date: string, devEui?: string): Promise<void> {
    fCnt += 1;
    const suffix = fCnt.toString(16).padStart(4, '0');
    const device = { devEui: devEui ?? `0004a30b0077${suffix}`, devAddr: `2677${suffix}` };
    await world.raise(alertOn(code, uplink(device, date, fCnt, { organizationId: 1, dataSourceId })));
  }

  async function resolve(id: number): Promise<void> {
    await harness.http
      .put(`/api/v1.0/alerts/${id}/resolve`)
      .set(authorization(tokens, 'admin'))
      .send({ comment: 'counted' })
      .expect(200);
  }

  const counters = async (): Promise<AlertCountView[]> =>
    (await store.collection<AlertCountView>(ALERT_COUNTS).find({}, { sort: [['id', 'asc']] })).filter(
      (counter) => counter.count !== 0,
    );

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness, 90);
    store = harness.app.get<ReadStore>(READ_STORE);
    world = new IssueWorld(harness);
    sourceA = await createSource('Counted A');
    sourceB = await createSource('Counted B');
    const scenario: Array<[AlertCode, number, string]> = [
      ['LAF-400', sourceA, at(0, '09:59:59.999')],
      ['LAF-001', sourceA, at(0, '10:00:00.000')],
      ['LAF-005', sourceB, at(0, '10:29:59.999')],
      ['LAF-402', sourceA, at(0, '10:30:00.000')],
      ['LAF-003', sourceB, at(0, '10:59:59.999')],
      ['LAF-008', sourceA, at(0, '11:00:00.000')],
      ['LAF-400', sourceB, at(0, '11:30:00.000')],
      ['LAF-001', sourceA, at(0, '23:59:59.999')],
      ['LAF-005', sourceB, at(1, '00:00:00.000')],
      ['LAF-402', sourceA, at(1, '00:45:00.000')],
    ];
    for (const [code, source, date] of scenario) await raise(code, source, date);
    const listed = (await get('alerts?order_by[]=created_at&order_by[]=ASC')) as ListedAlert[];
    await resolve(listed[2].id);
    await resolve(listed[6].id);
  });
  afterAll(async () => harness?.close());

  /** The shown alerts grouped as the counters group them: what the counters must hold, from the documents. */
  async function countersFromAlerts(): Promise<Array<Pick<AlertCountView, 'id' | 'count' | 'risk' | 'day'>>> {
    const alerts = await store.collection<AlertView>(ALERTS).find({ show: SHOWN });
    const grouped = new Map<string, { id: string; count: number; risk: Risk; day: string }>();
    for (const alert of alerts) {
      const hour = `${alert.createdAt.slice(0, 13)}:00:00.000Z`;
      const id = `${alert.organizationId}:${alert.dataSourceId}:${hour}:${alert.code}:${alert.resolved ? 1 : 0}`;
      const entry = grouped.get(id) ?? { id, count: 0, risk: alert.risk, day: hour.slice(0, 10) };
      entry.count += 1;
      grouped.set(id, entry);
    }
    return [...grouped.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  describe('the counters', () => {
    it('hold exactly the shown alerts per organisation, data source, hour, type and resolution', async () => {
      const expected = await countersFromAlerts();
      expect(expected.length).toBeGreaterThan(5);
      expect((await counters()).map(({ id, count, risk, day }) => ({ id, count, risk, day }))).toEqual(
        expected,
      );
    });

    it('move one alert from unresolved to resolved when it is resolved, and nothing when resolved again', async () => {
      await raise('LAF-400', sourceB, at(1, '03:10:00.000'));
      const [alert] = (await get(
        `alerts?data_collector[]=${sourceB}&type[]=LAF-400&created_at[gte]=${at(1, '03:00:00.000')}`,
      )) as ListedAlert[];
      const key = `1:${sourceB}:${at(1, '03:00:00.000')}:LAF-400`;
      const countOf = async (resolved: 0 | 1) =>
        (await store.collection<AlertCountView>(ALERT_COUNTS).get(`${key}:${resolved}`))?.count ?? 0;
      expect([await countOf(0), await countOf(1)]).toEqual([1, 0]);
      await resolve(alert.id);
      expect([await countOf(0), await countOf(1)]).toEqual([0, 1]);
      await resolve(alert.id);
      expect([await countOf(0), await countOf(1)]).toEqual([0, 1]);
      expect((await counters()).map(({ id, count }) => ({ id, count }))).toEqual(
        (await countersFromAlerts()).map(({ id, count }) => ({ id, count })),
      );
    });

    it('count an issue-type alert once its issue opens, and not its hidden recurrences', async () => {
      const devEui = '0004a30b0077ffff';
      const before = (await get(`alerts/count?group_by=TOTAL&type[]=LAF-100`)) as { count: number };
      await raise('LAF-100', sourceA, at(1, '04:00:00.000'), devEui);
      await raise('LAF-100', sourceA, at(1, '04:05:00.000'), devEui);
      const hidden = await store
        .collection<AlertView>(ALERTS)
        .count({ code: 'LAF-100', dataSourceId: sourceA, show: false });
      expect(hidden).toBe(1);
      expect(await get(`alerts/count?group_by=TOTAL&type[]=LAF-100`)).toEqual({ count: before.count + 1 });
      const counter = await store
        .collection<AlertCountView>(ALERT_COUNTS)
        .get(`1:${sourceA}:${at(1, '04:00:00.000')}:LAF-100:0`);
      expect(counter?.count).toBe(1);
    });

    it('are the same when the projection is replayed from the event store', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lorawatch-alert-counts-'));
      const db = openDatabase(join(dir, 'replayed.db'));
      try {
        const replayedStore = new SqliteReadStore(db);
        const runner = new ProjectionRunner(harness.app.get<EventStore>(EVENT_STORE), replayedStore, [
          alertsProjection,
        ]);
        await runner.start();
        await runner.caughtUp();
        await runner.stop();
        const replayed = await replayedStore
          .collection<AlertCountView>(ALERT_COUNTS)
          .find({}, { sort: [['id', 'asc']] });
        const live = await store.collection<AlertCountView>(ALERT_COUNTS).find({}, { sort: [['id', 'asc']] });
        expect(live.length).toBeGreaterThan(5);
        expect(replayed).toEqual(live);
      } finally {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('counts over any window equal what the alert list gives', () => {
    /** Bounds on, just before, just after and inside hours; a date alone is the whole day as an upper bound. */
    const BOUNDS = [
      undefined,
      at(0, '09:59:59.999'),
      at(0, '10:00:00.000'),
      at(0, '10:15:00.000'),
      at(0, '10:29:59.999'),
      at(0, '10:30:00.000'),
      at(0, '10:59:59.999'),
      at(0, '11:00:00.000'),
      at(0, '11:30:00.001'),
      dayText(0),
      at(1, '00:00:00.000'),
      `${dayText(1)}T01:30:00+01:00`,
    ];
    const WINDOWS = BOUNDS.flatMap((gte) => BOUNDS.map((lte) => ({ gte, lte }))).filter(
      ({ gte, lte }) =>
        gte === undefined || lte === undefined || boundValue(gte, 'gte') <= boundValue(lte, 'lte'),
    );
    const FILTERS = [
      '',
      'resolved=false&risk[]=HIGH&risk[]=INFO',
      'resolved=true',
      'type[]=LAF-400&type[]=LAF-402',
    ];

    const range = ([from, to]: [string, string], { gte, lte }: { gte?: string; lte?: string }) =>
      [
        gte === undefined ? '' : `${from}=${encodeURIComponent(gte)}`,
        lte === undefined ? '' : `${to}=${encodeURIComponent(lte)}`,
      ]
        .filter(Boolean)
        .join('&');

    it('alerts/count TOTAL, HOUR and DAY', async () => {
      expect(WINDOWS.length).toBeGreaterThan(60);
      for (const window of WINDOWS) {
        for (const filters of FILTERS) {
          const query = [range(['created_at[gte]', 'created_at[lte]'], window), filters]
            .filter(Boolean)
            .join('&');
          const alerts = (await get(`alerts?include_parameters=true&${query}`)) as ListedAlert[];
          const answers = {
            total: await get(`alerts/count?group_by=TOTAL&${query}`),
            hour: await get(`alerts/count?group_by=HOUR&${query}`),
            day: await get(`alerts/count?group_by=DAY&${query}`),
          };
          expect({ query, answers }).toEqual({
            query,
            answers: {
              total: { count: alerts.length },
              hour: buckets(alerts, 'hour'),
              day: buckets(alerts, 'date'),
            },
          });
        }
      }
    });

    it('alert_types/count and data_collectors?include_count with from and to', async () => {
      for (const window of WINDOWS) {
        const created = range(['created_at[gte]', 'created_at[lte]'], window);
        const fromTo = range(['from', 'to'], window);
        const alerts = (await get(`alerts?include_parameters=true&${created}`)) as ListedAlert[];
        const types = (await get(`alert_types/count?${fromTo}`)) as Array<{ code: string; count: number }>;
        const sources = (await get(`data_collectors?include_count=true&${fromTo}`)).data_collectors as Array<{
          id: number;
          count: number;
        }>;
        expect({
          fromTo,
          types: Object.fromEntries(
            types.filter((type) => type.count > 0).map((type) => [type.code, type.count]),
          ),
          sources: Object.fromEntries(sources.map((source) => [source.id, source.count])),
        }).toEqual({
          fromTo,
          types: tallyBy(alerts, (alert) => alert.type),
          sources: {
            [sourceA]: 0,
            [sourceB]: 0,
            ...tallyBy(alerts, (alert) => String(alert.data_collector_id)),
          },
        });
      }
    });
  });
});

/** The instant a bound stands for, as the API reads it (a bare date as an upper bound is its last millisecond). */
function boundValue(text: string, bound: 'gte' | 'lte'): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return Date.parse(`${text}T00:00:00.000Z`) + (bound === 'lte' ? DAY_MS - 1 : 0);
  }
  return Date.parse(text);
}

/** HOUR / DAY answers computed from listed alerts: non-empty buckets, oldest first, highest risk of each. */
function buckets(alerts: ListedAlert[], unit: 'hour' | 'date') {
  const grouped = new Map<string, { count: number; risk: string }>();
  for (const alert of alerts) {
    const key =
      unit === 'hour'
        ? `${alert.created_at.slice(0, 10)} ${alert.created_at.slice(11, 13)}:00:00+00:00`
        : alert.created_at.slice(0, 10);
    const entry = grouped.get(key) ?? { count: 0, risk: alert.risk };
    entry.count += 1;
    if (riskRank(alert.risk as Risk) > riskRank(entry.risk as Risk)) entry.risk = alert.risk;
    grouped.set(key, entry);
  }
  return [...grouped.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, entry]) => ({ [unit]: key, count: entry.count, risk: entry.risk }));
}

function tallyBy(alerts: ListedAlert[], key: (alert: ListedAlert) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const alert of alerts) counts[key(alert)] = (counts[key(alert)] ?? 0) + 1;
  return counts;
}
