import { randomUUID } from 'node:crypto';
import { AlertEventTypes, alertStream } from '@lorawatch/alerts/alert.events';
import { packetFromPhy } from '@lorawatch/detectors/testing/packet-factory';
import type { AlertDraft } from '@lorawatch/domain/alert';
import { deviceNumericId } from '@lorawatch/domain/asset-id';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { IssueTracker } from '@lorawatch/issues/tracker/issue-tracker';
import { buildDataUp } from '@lorawatch/lorawan/build-frames';
import { NotificationsWorker } from '@lorawatch/notifications/notifications.worker';
import { envelope } from '@lorawatch/platform/aggregate';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import { startApp, type Harness } from './support/app-harness';
import { callerTokens, type CallerTokens } from './support/callers';

const KEYS = { nwkSKey: Buffer.alloc(16, 0x11), appSKey: Buffer.alloc(16, 0x22) };
const DEV_ADDR = '26011f0a';
const api = (path: string) => `/api/v1.0/notifications${path}`;

interface NotificationJson {
  id: number;
  readAt: string | null;
  alert: { type: string; device_id: number | null };
}

describe('marking every notification read, and muting a type or an asset', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let admin: { Authorization: string };
  let fCnt = 0;

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness, 72);
    admin = { Authorization: `Bearer ${tokens.admin}` };
    // In-app notifications on (every channel is off by default).
    const saved = (await harness.http.get(api('/preferences')).set(admin).expect(200)).body as {
      destinations: Array<{ destination: string; enabled: boolean }>;
    };
    const destinations = saved.destinations.map((entry) =>
      entry.destination === 'push' ? { ...entry, enabled: true } : entry,
    );
    await harness.http
      .put(api('/preferences'))
      .set(admin)
      .send({ ...saved, destinations })
      .expect(200);
  });
  afterAll(async () => harness?.close());

  /** An alert as a detector records it (organisation 1, data source 1), then every notification it makes. */
  async function raise(code: string, devEui: string): Promise<void> {
    fCnt += 1;
    const date = new Date().toISOString();
    const packet = packetFromPhy(
      buildDataUp({ ...KEYS, devAddr: DEV_ADDR, fCnt, fPort: 1, payload: Buffer.from([fCnt]) }),
      { organizationId: 1, dataSourceId: 1, devEui, date, receivedAt: date },
    );
    const alert: AlertDraft = {
      id: `${code}-${randomUUID()}`,
      code,
      dataSourceId: 1,
      organizationId: 1,
      createdAt: date,
      devEui,
      devAddr: DEV_ADDR,
      gateway: packet.gateway,
      packet,
      prevPacket: null,
      parameters: {},
    };
    const who = { organizationId: 1, actor: 'detector' };
    await harness.app
      .get<EventStore>(EVENT_STORE)
      .append(
        alertStream(alert.id),
        [envelope(AlertEventTypes.Raised, alert, who, date, deterministicUuid(alert.id))],
        'no_stream',
      );
    await harness.app.get(IssueTracker).caughtUp();
    await harness.app.get(NotificationsWorker).caughtUp();
  }

  const list = async (): Promise<NotificationJson[]> =>
    (await harness.http.get(api('?size=100')).set(admin).expect(200)).body as NotificationJson[];
  const unread = async (): Promise<number> =>
    ((await harness.http.get(api('/count')).set(admin).expect(200)).body as { count: number }).count;

  it('marks every unread notification of the caller read at once', async () => {
    await raise('LAF-001', '70b3d54990000101');
    await raise('LAF-001', '70b3d54990000102');
    expect(await unread()).toBeGreaterThanOrEqual(2);
    const before = await unread();
    const response = await harness.http.post(api('/read_all')).set(admin).expect(200);
    expect(response.body).toEqual({ count: before });
    expect(await unread()).toBe(0);
    expect((await list()).every((notification) => notification.readAt !== null)).toBe(true);
    const again = await harness.http.post(api('/read_all')).set(admin).expect(200);
    expect(again.body).toEqual({ count: 0 });
  });

  it('creates no notification for a muted alert type until it is unmuted', async () => {
    const muted = await harness.http
      .put(api('/mutes'))
      .set(admin)
      .send({ kind: 'type', key: 'LAF-003', minutes: 60 })
      .expect(200);
    expect(muted.body).toEqual([{ kind: 'type', key: 'LAF-003', until: expect.any(String) }]);
    const minutesLeft = (Date.parse(muted.body[0].until) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
    const count = (await list()).length;
    await raise('LAF-003', '70b3d54990000103');
    expect(await list()).toHaveLength(count);
    await raise('LAF-001', '70b3d54990000103');
    expect((await list()).map((notification) => notification.alert.type)[0]).toBe('LAF-001');

    const left = await harness.http.delete(api('/mutes/type/LAF-003')).set(admin).expect(200);
    expect(left.body).toEqual([]);
    await raise('LAF-003', '70b3d54990000106');
    expect((await list())[0].alert.type).toBe('LAF-003');
  });

  it('creates no notification for the alerts of a muted device, and lists the running mutes', async () => {
    const device = deviceNumericId(1, '70b3d54990000104', DEV_ADDR)!;
    await harness.http
      .put(api('/mutes'))
      .set(admin)
      .send({ kind: 'device', key: String(device), minutes: 15 })
      .expect(200);
    const running = await harness.http.get(api('/mutes')).set(admin).expect(200);
    expect(running.body).toEqual([{ kind: 'device', key: String(device), until: expect.any(String) }]);
    const count = (await list()).length;
    await raise('LAF-001', '70b3d54990000104');
    expect(await list()).toHaveLength(count);
    await raise('LAF-001', '70b3d54990000105');
    expect(await list()).toHaveLength(count + 1);
    // Another user's mutes are their own.
    const user = { Authorization: `Bearer ${tokens.user}` };
    expect((await harness.http.get(api('/mutes')).set(user).expect(200)).body).toEqual([]);
  });

  it('lists each running mute with what it silences and until when, and unmutes one at a time', async () => {
    const user = { Authorization: `Bearer ${tokens.user}` };
    const before = Date.now();
    await harness.http
      .put(api('/mutes'))
      .set(admin)
      .send({ kind: 'gateway', key: '9001', minutes: 30, label: '  Roof gateway  ' })
      .expect(200);
    await harness.http
      .put(api('/mutes'))
      .set(admin)
      .send({ kind: 'type', key: 'LAF-007', minutes: 120 })
      .expect(200);
    const running = (await harness.http.get(api('/mutes')).set(admin).expect(200)).body as Array<{
      kind: string;
      key: string;
      until: string;
      label?: string;
    }>;
    const gateway = running.find((mute) => mute.kind === 'gateway');
    expect(gateway).toEqual({
      kind: 'gateway',
      key: '9001',
      until: expect.any(String),
      label: 'Roof gateway',
    });
    expect(Date.parse(gateway!.until) - before).toBeGreaterThanOrEqual(30 * 60_000 - 1_000);
    expect(running.find((mute) => mute.kind === 'type')).toEqual({
      kind: 'type',
      key: 'LAF-007',
      until: expect.any(String),
    });

    // Extending the mute without a name keeps the name.
    await harness.http
      .put(api('/mutes'))
      .set(admin)
      .send({ kind: 'gateway', key: '9001', minutes: 60 })
      .expect(200);
    const extended = (await harness.http.get(api('/mutes')).set(admin).expect(200)).body as typeof running;
    expect(extended.find((mute) => mute.kind === 'gateway')?.label).toBe('Roof gateway');

    // Another user's unmute leaves the caller's mutes alone.
    expect((await harness.http.delete(api('/mutes/gateway/9001')).set(user).expect(200)).body).toEqual([]);
    expect((await harness.http.get(api('/mutes')).set(admin).expect(200)).body).toHaveLength(running.length);

    const left = await harness.http.delete(api('/mutes/gateway/9001')).set(admin).expect(200);
    expect((left.body as typeof running).map((mute) => `${mute.kind}:${mute.key}`)).not.toContain(
      'gateway:9001',
    );
    expect((await harness.http.get(api('/mutes')).set(admin).expect(200)).body).toEqual(left.body);
    await harness.http.delete(api('/mutes/type/LAF-007')).set(admin).expect(200);
  });

  it('rejects a mute of an unknown kind, a bad key or a length out of range', async () => {
    const put = (body: object) => harness.http.put(api('/mutes')).set(admin).send(body).expect(400);
    expect((await put({ kind: 'risk', key: 'HIGH', minutes: 5 })).body.error).toBe(
      'kind must be type, device or gateway',
    );
    expect((await put({ kind: 'type', key: 'pump', minutes: 5 })).body.error).toBe(
      'key must be an alert type code or an asset id',
    );
    expect((await put({ kind: 'type', key: 'LAF-001', minutes: 0 })).body.error).toBe(
      'minutes must be a whole number from 1 to 10080',
    );
    expect((await put({ kind: 'device', key: '42', minutes: 5, label: 'x'.repeat(121) })).body.error).toBe(
      'label must be a text of at most 120 characters',
    );
    expect((await put({ kind: 'device', key: '42', minutes: 5, label: 42 })).body.error).toBe(
      'label must be a text of at most 120 characters',
    );
    await harness.http.get(api('/mutes')).expect(401);
    await harness.http.delete(api('/mutes/risk/HIGH')).set(admin).expect(400);
  });
});
