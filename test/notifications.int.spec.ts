import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { AlertEventTypes, alertStream } from '@lorawatch/alerts/alert.events';
import { packetFromPhy } from '@lorawatch/detectors/testing/packet-factory';
import type { AlertDraft } from '@lorawatch/domain/alert';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { IssueTracker } from '@lorawatch/issues/tracker/issue-tracker';
import { buildDataUp } from '@lorawatch/lorawan/build-frames';
import { verifyWebhookBody } from '@lorawatch/notifications/domain/webhook-signature';
import { NOTIFICATIONS_CHECKPOINT, NotificationsWorker } from '@lorawatch/notifications/notifications.worker';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import { startApp, type Harness } from './support/app-harness';
import { callerTokens, type CallerTokens } from './support/callers';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { waitFor } from './support/wait-for';

const PUBLIC_URL = 'http://console.example.test';
const SECRET = 'whsec-4f1e9c0b';
const KEYS = { nwkSKey: Buffer.alloc(16, 0x11), appSKey: Buffer.alloc(16, 0x22) };

interface WebhookCall {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver answering with the given statuses in turn (then 200). */
interface Receiver {
  url: string;
  calls: WebhookCall[];
  statuses: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const calls: WebhookCall[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      calls.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/lorawatch`,
    calls,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface NotificationJson {
  id: number;
  type: string;
  readAt: string | null;
  alertId: number;
  alert: { id: number; type: string; risk: string };
  alertType: { code: string; name: string; risk: string };
  notificationSource: string;
  notificationState: string | number | null;
  deliveries: Array<{
    channel: string;
    target: string;
    status: string;
    attempts: number;
    httpStatus: number;
  }>;
}

describe('notifications in the standalone app', () => {
  let sink: SmtpSink;
  let receiver: Receiver;
  let harness: Harness;
  let tokens: CallerTokens;
  let admin: { Authorization: string };
  let socket: Socket;
  const pushed: NotificationJson[] = [];
  let fCnt = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    receiver = await startReceiver();
    harness = await startApp({ SMTP_URL: sink.url, PUBLIC_URL });
    tokens = await callerTokens(harness);
    admin = { Authorization: `Bearer ${tokens.admin}` };
    socket = io(harness.url, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(5000).emitWithAck('authorization', { token: tokens.admin })).toEqual({
      ok: true,
    });
    socket.on('new_notification', (notification: NotificationJson) => pushed.push(notification));
  });

  afterAll(async () => {
    socket?.close();
    await harness?.close();
    await receiver?.close();
    await sink?.close();
  });

  const api = (path: string) => `/api/v1.0/notifications${path}`;

  /** An alert as a detector records it: organisation 1, data source 1, one device. */
  async function raise(code: string, devEui = '70b3d54990000001'): Promise<string> {
    fCnt += 1;
    const date = new Date().toISOString();
    const packet = packetFromPhy(
      buildDataUp({ ...KEYS, devAddr: '26011f0a', fCnt, fPort: 1, payload: Buffer.from([fCnt]) }),
      { organizationId: 1, dataSourceId: 1, devEui, date, receivedAt: date },
    );
    const alert: AlertDraft = {
      id: `${code}-${randomUUID()}`,
      code,
      dataSourceId: 1,
      organizationId: 1,
      createdAt: date,
      devEui,
      devAddr: '26011f0a',
      gateway: packet.gateway,
      packet,
      prevPacket: null,
      parameters: {},
    };
    await harness.app
      .get<EventStore>(EVENT_STORE)
      .append(
        alertStream(alert.id),
        [
          envelope(
            AlertEventTypes.Raised,
            alert,
            { organizationId: 1, actor: 'detector' },
            date,
            deterministicUuid(alert.id),
          ),
        ],
        'no_stream',
      );
    return alert.id;
  }

  /** Every visibility event recorded so far handled and every delivery settled. */
  async function settled(): Promise<void> {
    await harness.app.get(IssueTracker).caughtUp();
    await harness.app.get(NotificationsWorker).caughtUp();
  }

  const list = async (): Promise<NotificationJson[]> =>
    (await harness.http.get(api('')).set(admin).expect(200)).body as NotificationJson[];

  async function preferences(): Promise<Record<string, unknown>> {
    return (await harness.http.get(api('/preferences')).set(admin).expect(200)).body as Record<
      string,
      unknown
    >;
  }

  function withChanges(
    base: Record<string, unknown>,
    change: { destinations?: unknown[]; risks?: unknown[] },
  ): Record<string, unknown> {
    return { ...base, ...change };
  }

  it('shows default preferences on first read: every risk and importance on, every channel off', async () => {
    expect(await preferences()).toEqual({
      destinations: [
        { destination: 'sms', enabled: false, additional: [] },
        { destination: 'email', enabled: false, additional: [] },
        { destination: 'push', enabled: false },
        { destination: 'webhook', enabled: false, additional: [] },
      ],
      risks: ['high', 'medium', 'low', 'info'].map((name) => ({ name, enabled: true })),
      asset_importance: ['high', 'medium', 'low'].map((name) => ({ name, enabled: true })),
      dataCollectors: [],
      asset_tags: [],
    });
  });

  it.each([
    [
      'an unknown destination',
      { destinations: [{ destination: 'pager', enabled: true }] },
      'Destination must be one these: sms, push, email, webhook',
    ],
    [
      'sms turned on',
      { destinations: [{ destination: 'sms', enabled: true, additional: [] }] },
      'SMS notifications are not available: the sms destination is always disabled.',
    ],
    [
      'an unknown risk',
      { risks: [{ name: 'severe', enabled: true }] },
      'Risk must be one these: high, medium, low, info',
    ],
    [
      'an invalid webhook url',
      {
        destinations: [
          { destination: 'webhook', enabled: true, additional: [{ url: 'not a url', secret: 'x' }] },
        ],
      },
      'invalid url.',
    ],
    [
      'a non-http webhook url',
      {
        destinations: [
          { destination: 'webhook', enabled: true, additional: [{ url: 'ftp://example.com/x' }] },
        ],
      },
      'invalid url.',
    ],
    [
      'an invalid email',
      { destinations: [{ destination: 'email', enabled: true, additional: [{ email: 'nobody' }] }] },
      'invalid email.',
    ],
    [
      'an extra destination id the user does not have',
      {
        destinations: [
          { destination: 'email', enabled: true, additional: [{ id: 999, email: 'x@example.com' }] },
        ],
      },
      'not exist id',
    ],
  ])('refuses %s with 400 and the contract text', async (_what, change, error) => {
    const response = await harness.http
      .put(api('/preferences'))
      .set(admin)
      .send(withChanges(await preferences(), change));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error });
  });

  it('refuses an unknown data source and a body missing a key with 400', async () => {
    const base = await preferences();
    const unknownSource = await harness.http
      .put(api('/preferences'))
      .set(admin)
      .send({ ...base, dataCollectors: [{ dataCollectorId: 77, enabled: false }] });
    expect(unknownSource.status).toBe(400);
    expect(unknownSource.body).toMatchObject({ error: 'not exist id' });
    const { risks: _risks, ...missing } = base;
    const incomplete = await harness.http.put(api('/preferences')).set(admin).send(missing);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body).toMatchObject({ error: 'risks must be a list' });
  });

  it('mails an activation link for an extra email; following it activates the address once', async () => {
    const response = await harness.http
      .put(api('/preferences'))
      .set(admin)
      .send(
        withChanges(await preferences(), {
          destinations: [
            { destination: 'sms', enabled: false, additional: [] },
            {
              destination: 'email',
              enabled: true,
              additional: [{ email: 'ops@example.com', active: false }],
            },
            { destination: 'push', enabled: true },
            { destination: 'webhook', enabled: true, additional: [{ url: receiver.url, secret: SECRET }] },
          ],
          risks: [
            { name: 'high', enabled: true },
            { name: 'medium', enabled: true },
            { name: 'low', enabled: true },
            { name: 'info', enabled: false },
          ],
        }),
      );
    expect(response.status).toBe(200);
    expect(response.text).toBe('null');

    const saved = await preferences();
    const destinations = saved.destinations as Array<{ destination: string; additional?: unknown[] }>;
    expect(destinations.find((d) => d.destination === 'email')?.additional).toEqual([
      { id: expect.any(Number), email: 'ops@example.com', active: false },
    ]);
    // The secret is write-only: stored sealed, never answered.
    expect(destinations.find((d) => d.destination === 'webhook')?.additional).toEqual([
      { id: expect.any(Number), url: receiver.url, secret: null, active: true },
    ]);
    expect(JSON.stringify(saved)).not.toContain(SECRET);

    const mail = await sink.next('ops@example.com');
    const link = new RegExp(`${PUBLIC_URL}/notifications/email_activation/([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';

    const first = await harness.http.put(`/api/v1.0/notifications/email_activation/${token}`);
    expect([first.status, first.body]).toEqual([200, { email: 'ops@example.com' }]);
    const again = await harness.http.put(`/api/v1.0/notifications/email_activation/${token}`);
    expect([again.status, again.body]).toEqual([400, { code: 'EMAIL_ALREADY_ACTIVE' }]);
    const phone = await harness.http.put(`/api/v1.0/notifications/phone_activation/${token}`);
    expect([phone.status, phone.text]).toEqual([404, 'null']);
    const unknown = await harness.http.put('/api/v1.0/notifications/email_activation/no-such-token');
    expect([unknown.status, unknown.text]).toEqual([404, 'null']);

    const active = (await preferences()).destinations as Array<{
      destination: string;
      additional?: unknown[];
    }>;
    expect(active.find((d) => d.destination === 'email')?.additional).toEqual([
      { id: expect.any(Number), email: 'ops@example.com', active: true },
    ]);
  });

  it('notifies a matching alert: a notification, mails, a signed webhook and new_notification', async () => {
    const alertId = await raise('LAF-005');
    const [notification] = await waitFor(
      async () => {
        const found = await list();
        return found.length === 1 && found[0].notificationState === 200 ? found : null;
      },
      15_000,
      'the notification with its webhook delivered',
    );
    expect(notification).toMatchObject({
      type: 'NEW_ALERT',
      readAt: null,
      alert: { type: 'LAF-005', risk: 'HIGH' },
      alertType: { code: 'LAF-005', risk: 'HIGH' },
      notificationSource: 'webhook',
    });
    expect(notification.alertId).toBe(notification.alert.id);

    const ownMail = await sink.next('admin@example.com');
    const extraMail = await sink.next('ops@example.com');
    for (const mail of [ownMail, extraMail]) expect(mail.subject).toContain('HIGH');

    expect(receiver.calls).toHaveLength(1);
    const [call] = receiver.calls;
    expect(verifyWebhookBody(call.body, call.headers['x-signature'] as string, SECRET)).toEqual({
      field: true,
      header: true,
    });
    expect(call.headers.signature).toBe(call.headers['x-signature']);
    expect(verifyWebhookBody(call.body, call.headers['x-signature'] as string, 'wrong secret')).toEqual({
      field: false,
      header: false,
    });
    const payload = JSON.parse(call.body) as { type: string; alert: { id: number; type: string } };
    expect(payload).toMatchObject({
      type: 'NEW_ALERT',
      alert: { id: notification.alert.id, type: 'LAF-005' },
    });

    await waitFor(async () => (pushed.length > 0 ? true : null), 10_000, 'new_notification');
    expect(pushed.map((n) => n.id)).toEqual([notification.id]);
    expect(alertId).toContain('LAF-005');
  });

  it('does not notify an alert whose risk is turned off', async () => {
    receiver.calls.length = 0;
    const before = (await list()).length;
    await raise('LAF-400');
    await settled();
    expect(await list()).toHaveLength(before);
    expect(receiver.calls).toEqual([]);
    expect(sink.mails).toEqual([]);
  });

  it('notifies an issue-type alert once, when its issue opens, never for the alerts the issue blocks', async () => {
    const before = (await list()).length;
    await raise('LAF-006', '70b3d54990000009');
    await raise('LAF-006', '70b3d54990000009');
    await settled();
    const visible = (await harness.http.get('/api/v1.0/alerts?type[]=LAF-006').set(admin).expect(200))
      .body as Array<{ id: number }>;
    const notified = (await list()).filter((n) => n.alert.type === 'LAF-006');
    expect(notified.map((n) => n.alert.id)).toEqual(visible.map((alert) => alert.id));
    expect(notified).toHaveLength(1);
    expect(await list()).toHaveLength(before + 1);
    await sink.next('admin@example.com');
    await sink.next('ops@example.com');
  });

  it('retries a failing webhook with backoff and records each try', async () => {
    receiver.calls.length = 0;
    receiver.statuses.push(500);
    await raise('LAF-001');
    await settled();
    const latest = await waitFor(
      async () => {
        const [newest] = await list();
        return newest?.alert.type === 'LAF-001' && newest.notificationState === 200 ? newest : null;
      },
      10_000,
      'the retried delivery in the read model',
    );
    expect(latest.deliveries.find((d) => d.channel === 'webhook')).toMatchObject({
      status: 'DELIVERED',
      attempts: 2,
      httpStatus: 200,
    });
    expect(receiver.calls).toHaveLength(2);
    expect(receiver.calls[1].body).toBe(receiver.calls[0].body);
    expect(latest.notificationState).toBe(200);
    await sink.next('admin@example.com');
    await sink.next('ops@example.com');
  });

  it('lists newest first with paging headers, counts unread, marks read and unread, deletes', async () => {
    const all = await list();
    expect(all.map((n) => n.id)).toEqual([...all.map((n) => n.id)].sort((a, b) => b - a));
    const paged = await harness.http.get(api('?page=2&size=1')).set(admin).expect(200);
    expect(paged.headers['total-items']).toBe(String(all.length));
    expect(paged.headers['total-pages']).toBe(String(all.length));
    expect((paged.body as NotificationJson[]).map((n) => n.id)).toEqual([all[1].id]);

    const count = async () =>
      ((await harness.http.get(api('/count')).set(admin).expect(200)).body as { count: number }).count;
    expect(await count()).toBe(all.length);

    const readAt = '2024-05-01T10:00:00Z';
    const marked = await harness.http
      .patch(api(`/${all[0].id}`))
      .set(admin)
      .send({ readAt })
      .expect(200);
    expect(marked.body).toMatchObject({ id: all[0].id, readAt: '2024-05-01T10:00:00.000Z' });
    expect(await count()).toBe(all.length - 1);
    for (const bad of [{ readAt: 'yesterday' }, { readAt: 5 }, {}]) {
      const response = await harness.http
        .patch(api(`/${all[0].id}`))
        .set(admin)
        .send(bad);
      expect([response.status, response.body]).toEqual([
        400,
        expect.objectContaining({ error: 'Bad value for readAt field' }),
      ]);
    }
    await harness.http
      .patch(api(`/${all[0].id}`))
      .set(admin)
      .send({ readAt: null })
      .expect(200);
    expect(await count()).toBe(all.length);

    await harness.http
      .delete(api(`/${all[0].id}`))
      .set(admin)
      .expect(204);
    expect((await list()).map((n) => n.id)).not.toContain(all[0].id);
    await harness.http
      .delete(api(`/${all[0].id}`))
      .set(admin)
      .expect(404);
    await harness.http.patch(api('/not-a-number')).set(admin).send({ readAt: null }).expect(404);
  });

  it('never notifies twice when the dispatcher re-reads the whole log after a restart', async () => {
    const before = (await list()).map((n) => n.id);
    receiver.calls.length = 0;
    const worker = harness.app.get(NotificationsWorker);
    await worker.stop();
    const store = harness.app.get<ReadStore>(READ_STORE);
    const reached = await store.checkpoint(NOTIFICATIONS_CHECKPOINT);
    await store.reset([], NOTIFICATIONS_CHECKPOINT);
    expect(await store.checkpoint(NOTIFICATIONS_CHECKPOINT)).toBe(0);
    await worker.start();
    await settled();
    expect(await store.checkpoint(NOTIFICATIONS_CHECKPOINT)).toBe(reached);
    expect((await list()).map((n) => n.id)).toEqual(before);
    expect(receiver.calls).toEqual([]);
    expect(sink.mails).toEqual([]);
  });
});
