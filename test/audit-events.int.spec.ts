import { DetectorOutput } from '@lorawatch/detection/detector-output';
import { deviceNumericId } from '@lorawatch/domain/asset-id';
import type { AlertDraft } from '@lorawatch/domain/alert';
import { alertOn, joinRequest } from '@lorawatch/issues/testing/issue-scenario';
import { IssueWorld } from '@lorawatch/issues/testing/issue-world';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { Metrics } from '@lorawatch/ops/metrics';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { startApp, type Harness } from './support/app-harness';
import {
  authorization,
  callerTokens,
  OTHER_ORGANIZATION_ID,
  type Caller,
  type CallerTokens,
} from './support/callers';

interface AuditEvent {
  position: number;
  time: string;
  recorded_at: string;
  type: string;
  stream: string;
  data: Record<string, unknown>;
  cause: Record<string, unknown> | null;
}

interface AuditPage {
  events: AuditEvent[];
  total_items: number;
  total_pages: number;
  next_after: number | null;
}

const DEVICE = '0004a30b001c0888';
const OTHER_DEVICE = '0004a30b001c0999';
const FIRST = '2026-11-20T08:00:00.000Z';
const SECOND = '2026-11-20T08:10:00.000Z';
const THIRD = '2026-11-20T08:20:00.000Z';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A moment strictly between what was recorded before and what is recorded after. */
async function moment(): Promise<string> {
  await pause(5);
  const at = new Date().toISOString();
  await pause(5);
  return at;
}

/** Who may read the history (CONTRIBUTING.md §5): administrators, each of their own organisation only. */
const TABLE: Record<Caller, number> = { anonymous: 401, user: 403, admin: 200, 'other admin': 200 };

describe('the history of one thing (GET audit/events)', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let output: DetectorOutput;
  let readModels: ReadModelSync;
  let firstAlert: AlertDraft;
  let firstId: number;
  let secondId: number;
  /** Moments after the first alert was recorded, and after all four were. */
  let afterFirst: string;
  let afterRaised: string;
  const deviceId = deviceNumericId(1, DEVICE, null)!;

  const history = (caller: Caller, query: string) =>
    harness.http.get(`/api/v1.0/audit/events?${query}`).set(authorization(tokens, caller));
  const page = async (caller: Caller, query: string): Promise<AuditPage> =>
    (await history(caller, query).expect(200)).body as AuditPage;

  /** The API id of the alert a packet raised. */
  async function alertIdOf(alert: AlertDraft): Promise<number> {
    const list = await harness.http
      .get('/api/v1.0/alerts?include_parameters=true')
      .set(authorization(tokens, 'admin'))
      .expect(200);
    return (list.body as Array<{ id: number; parameters: { packet_id: string } }>).find(
      (item) => item.parameters.packet_id === alert.packet.id,
    )!.id;
  }

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness, 80);
    readModels = harness.app.get<ReadModelSync>(READ_MODEL_SYNC);
    output = new DetectorOutput(harness.app.get<EventStore>(EVENT_STORE), harness.app.get(Metrics));
    // Given a device with two alerts the detectors raised, the first resolved by the administrator…
    firstAlert = alertOn('LAF-001', joinRequest(DEVICE, 1, FIRST), { dev_nonce: 1 });
    const secondAlert = alertOn('LAF-001', joinRequest(DEVICE, 2, SECOND), { dev_nonce: 2 });
    await output.raise(firstAlert);
    afterFirst = await moment();
    await output.raise(secondAlert);
    // …another device's alert, and an alert of another organisation on a device of the same DevEUI in its own data source.
    await output.raise(alertOn('LAF-001', joinRequest(OTHER_DEVICE, 3, THIRD), { dev_nonce: 3 }));
    await output.raise(
      alertOn(
        'LAF-001',
        joinRequest(DEVICE, 4, THIRD, { organizationId: OTHER_ORGANIZATION_ID, dataSourceId: 2 }),
        {
          dev_nonce: 4,
        },
      ),
    );
    await readModels.settled();
    afterRaised = await moment();
    firstId = await alertIdOf(firstAlert);
    secondId = await alertIdOf(secondAlert);
    await harness.http
      .put(`/api/v1.0/alerts/${firstId}/resolve`)
      .set(authorization(tokens, 'admin'))
      .send({ comment: 'checked on site' })
      .expect(200);
    await readModels.settled();
  });
  afterAll(async () => harness.close());

  it("lists a device's alerts raised by packets, then resolved by the user, in order", async () => {
    const { events, total_items, next_after } = await page('admin', `asset_type=device&asset_id=${deviceId}`);
    expect(events.map((event) => [event.type, event.position])).toEqual([
      ['AlertRaised', firstId],
      ['AlertRaised', secondId],
      ['AlertResolved', expect.any(Number)],
    ]);
    expect(events[2].position).toBeGreaterThan(secondId);
    expect(total_items).toBe(3);
    expect(next_after).toBeNull();
    expect(events[0]).toMatchObject({
      time: FIRST,
      stream: `alert-${firstAlert.id}`,
      data: { id: firstAlert.id, code: 'LAF-001', devEui: DEVICE },
      cause: { kind: 'packet', id: firstAlert.packet.id, data_collector_id: 1, date: FIRST },
    });
    expect(events[2]).toMatchObject({
      stream: `alert-${firstAlert.id}`,
      data: { alertId: firstAlert.id, comment: 'checked on site' },
      cause: { kind: 'user', id: 1, username: 'admin' },
    });
  });

  it("lists an alert's own events by its id", async () => {
    const { events } = await page('admin', `alert_id=${firstId}`);
    expect(events.map((event) => event.type)).toEqual(['AlertRaised', 'AlertResolved']);
    expect(events.map((event) => event.cause?.kind)).toEqual(['packet', 'user']);
    const other = await page('admin', `alert_id=${secondId}`);
    expect(other.events.map((event) => event.type)).toEqual(['AlertRaised']);
  });

  it("shows another organisation's administrator none of these events", async () => {
    for (const query of [
      `asset_type=device&asset_id=${deviceId}`,
      `alert_id=${firstId}`,
      'type[]=AlertResolved',
    ])
      expect(await page('other admin', query)).toEqual({
        events: [],
        total_items: 0,
        total_pages: 0,
        next_after: null,
      });
    // Theirs only: the one alert of their organisation.
    const own = await page('other admin', '');
    expect(own.events.map((event) => [event.type, event.data.organizationId])).toEqual([
      ['AlertRaised', OTHER_ORGANIZATION_ID],
    ]);
    const mine = await page('admin', 'type[]=AlertRaised');
    expect(mine.events.every((event) => event.data.organizationId === 1)).toBe(true);
    expect(mine.events).toHaveLength(3);
  });

  it('filters by type, by when the events were recorded and by kind of asset', async () => {
    const resolved = await page('admin', 'type[]=AlertResolved');
    expect(resolved.events.map((event) => event.type)).toEqual(['AlertResolved']);
    const both = await page('admin', `asset_type=device&asset_id=${deviceId}&type=AlertRaised,AlertResolved`);
    expect(both.events).toHaveLength(3);
    const early = await page('admin', `asset_type=device&asset_id=${deviceId}&to=${afterFirst}`);
    expect(early.events.map((event) => event.position)).toEqual([firstId]);
    const window = await page('admin', `type[]=AlertRaised&from=${afterFirst}&to=${afterRaised}`);
    expect(window.events.map((event) => event.time)).toEqual([SECOND, THIRD]);
    const since = await page('admin', `asset_type=device&asset_id=${deviceId}&from=${afterRaised}`);
    expect(since.events.map((event) => event.type)).toEqual(['AlertResolved']);
    const gateways = await page('admin', 'asset_type=gateway');
    expect(gateways.events).toEqual([]);
    const devices = await page('admin', 'asset_type=device');
    expect(devices.events.map((event) => event.type)).toEqual([
      'AlertRaised',
      'AlertRaised',
      'AlertRaised',
      'AlertResolved',
    ]);
  });

  it('pages by number and by position, either way round', async () => {
    const query = `asset_type=device&asset_id=${deviceId}&size=2`;
    const first = await page('admin', query);
    expect(first.events.map((event) => event.position)).toEqual([firstId, secondId]);
    expect(first).toMatchObject({ total_items: 3, total_pages: 2, next_after: secondId });
    const second = await page('admin', `${query}&page=2`);
    const following = await page('admin', `${query}&after=${first.next_after}`);
    expect(following.events).toEqual(second.events);
    expect(following.events.map((event) => event.type)).toEqual(['AlertResolved']);
    expect(following.next_after).toBeNull();
    const newest = await page('admin', `${query}&order=desc`);
    expect(newest.events.map((event) => event.type)).toEqual(['AlertResolved', 'AlertRaised']);
    const older = await page('admin', `${query}&order=desc&after=${newest.next_after}`);
    expect(older.events.map((event) => event.position)).toEqual([firstId]);
  });

  it('reads events recorded before causes were kept, with no cause', async () => {
    const world = new IssueWorld(harness);
    const old = alertOn('LAF-001', joinRequest(DEVICE, 5, THIRD), { dev_nonce: 5 });
    await world.raise(old);
    const id = await alertIdOf(old);
    const { events } = await page('admin', `alert_id=${id}`);
    expect(events).toEqual([expect.objectContaining({ type: 'AlertRaised', position: id, cause: null })]);
  });

  it('exports the same query as JSON Lines', async () => {
    const response = await harness.http
      .get(`/api/v1.0/audit/events.jsonl?alert_id=${firstId}`)
      .set(authorization(tokens, 'admin'))
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      })
      .expect(200)
      .expect('Content-Type', /application\/x-ndjson/);
    const lines = (response.body as string).trimEnd().split('\n');
    const listed = await page('admin', `alert_id=${firstId}`);
    expect(lines.map((line) => JSON.parse(line) as AuditEvent)).toEqual(listed.events);
    await harness.http
      .get('/api/v1.0/audit/events.jsonl?size=0')
      .set(authorization(tokens, 'admin'))
      .expect(400);
    await harness.http.get('/api/v1.0/audit/events.jsonl').expect(401);
  });

  it("lists as of `to` what the read models as of that time were built from, whatever the packets' dates", async () => {
    // Given the history as it stands at T…
    const at = await moment();
    // …when, after T, an alert is recorded about a packet dated an hour before T, and the second alert is resolved
    const packetDate = new Date(Date.parse(at) - 3_600_000).toISOString();
    const late = alertOn('LAF-001', joinRequest(DEVICE, 6, packetDate), { dev_nonce: 6 });
    await output.raise(late);
    await readModels.settled();
    const lateId = await alertIdOf(late);
    await harness.http
      .put(`/api/v1.0/alerts/${secondId}/resolve`)
      .set(authorization(tokens, 'admin'))
      .send({ comment: 'after the moment' })
      .expect(200);
    await readModels.settled();

    // Then the list up to T does not show them, the list without a bound does, with the packet's date as the time
    expect((await page('admin', `alert_id=${lateId}&to=${at}`)).events).toEqual([]);
    const unbounded = await page('admin', `alert_id=${lateId}`);
    expect(unbounded.events).toEqual([
      expect.objectContaining({ type: 'AlertRaised', position: lateId, time: packetDate }),
    ]);
    expect(Date.parse(unbounded.events[0].recorded_at)).toBeGreaterThan(Date.parse(at));
    expect((await page('admin', `alert_id=${secondId}&to=${at}`)).events.map((event) => event.type)).toEqual([
      'AlertRaised',
    ]);

    // And the alerts as of T and the history up to T tell the same story of the device, as do the live ones and
    // the whole history
    const asOfT = await agreement(`&as_of=${at}`, `&to=${at}`);
    expect(asOfT.raised).not.toContain(lateId);
    expect(asOfT.raised).toEqual(expect.arrayContaining([firstId, secondId]));
    expect(asOfT.resolved).toEqual([firstId]);
    const now = await agreement('', '');
    expect(now.raised).toEqual(expect.arrayContaining([firstId, secondId, lateId]));
    expect(now.resolved).toEqual([firstId, secondId]);
  });

  /**
   * The device's alerts and which of them are resolved, as the alerts list answers (with `asOf`) and as the history
   * lists them (with `to`); both must agree.
   */
  async function agreement(asOf: string, to: string): Promise<{ raised: number[]; resolved: number[] }> {
    const history = await page('admin', `asset_type=device&asset_id=${deviceId}&size=500${to}`);
    const positionOf = new Map(
      history.events
        .filter((event) => event.type === 'AlertRaised')
        .map((event) => [String(event.data.id), event.position]),
    );
    const resolvedIds = history.events
      .filter((event) => event.type === 'AlertResolved')
      .map((event) => positionOf.get(String(event.data.alertId)));
    // Every alert the device ever had, to pick them from the organisation's list.
    const ever = new Set(
      (await page('admin', `asset_type=device&asset_id=${deviceId}&type[]=AlertRaised&size=500`)).events.map(
        (event) => event.position,
      ),
    );
    const listed = (
      await harness.http
        .get(`/api/v1.0/alerts?include_parameters=true&type[]=LAF-001&size=1000${asOf}`)
        .set(authorization(tokens, 'admin'))
        .expect(200)
    ).body as Array<{ id: number; resolved_at: string | null }>;
    const mine = listed.filter((alert) => ever.has(alert.id));
    const sorted = (ids: Array<number | undefined>) => [...ids].sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(sorted(mine.map((alert) => alert.id))).toEqual(sorted([...positionOf.values()]));
    expect(sorted(mine.filter((alert) => alert.resolved_at !== null).map((alert) => alert.id))).toEqual(
      sorted(resolvedIds),
    );
    return {
      raised: sorted([...positionOf.values()]) as number[],
      resolved: sorted(resolvedIds) as number[],
    };
  }

  it.each([
    ['size=0', 'size must be 1 or more'],
    ['size=501', 'size must be 500 or less'],
    ['size=ten', 'size must be an integer'],
    ['page=0', 'page must be 1 or more'],
    ['after=-1', 'after must be 0 or more'],
    ['from=yesterday', 'from must be an ISO 8601 date or date-time'],
    ['to=2026-13-45T00:00:00Z', 'to must be an ISO 8601 date or date-time'],
    [`from=${THIRD}&to=${FIRST}`, 'from must be before to'],
    ['type[]=PasswordChanged', 'type must be one of:'],
    ['asset_type=router', 'asset_type must be device or gateway'],
    ['asset_type=device&asset_id=abc', 'asset_id must be an integer'],
    ['asset_id=12', 'asset_id needs asset_type (device or gateway)'],
    ['alert_id=0', 'alert_id must be 1 or more'],
    ['alert_id=99999999999999999999', 'alert_id is too large'],
    ['order=sideways', 'order must be asc or desc'],
    ['colour=blue', 'property colour should not exist'],
  ])('answers 400 with the reason for %s', async (query, reason) => {
    const response = await history('admin', query).expect(400);
    expect(String(response.body.error)).toContain(reason);
  });

  it.each(Object.entries(TABLE))('lets %s get %i', async (caller, status) => {
    await history(caller as Caller, `alert_id=${firstId}`).expect(status);
  });
});
