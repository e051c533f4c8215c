import { randomUUID } from 'node:crypto';
import { AlertEventTypes, alertStream } from '@lorawatch/alerts/alert.events';
import { packetFromPhy } from '@lorawatch/detectors/testing/packet-factory';
import type { AlertDraft } from '@lorawatch/domain/alert';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { buildDataUp } from '@lorawatch/lorawan/build-frames';
import { envelope } from '@lorawatch/platform/aggregate';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import { startApp, type Harness } from './support/app-harness';
import { CALLERS, authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';
import { waitFor } from './support/wait-for';

type Expected = Record<Caller, number>;

/**
 * Who may do what with notifications (CONTRIBUTING.md §5). Everything is per user: the table's notification belongs to the
 * organisation's admin, so its colleague gets the original's 403 and another organisation's admin a 404.
 * Activation links are public: an unknown token is 404 for everyone.
 */
const TABLE: Array<
  [
    string,
    (id: number) => { method: 'get' | 'put' | 'patch' | 'delete'; path: string; body?: object },
    Expected,
  ]
> = [
  [
    'GET notifications/preferences',
    () => ({ method: 'get', path: 'notifications/preferences' }),
    { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
  ],
  [
    'PUT notifications/preferences',
    () => ({ method: 'put', path: 'notifications/preferences', body: PUSH_ONLY }),
    { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
  ],
  [
    'GET notifications',
    () => ({ method: 'get', path: 'notifications' }),
    { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
  ],
  [
    'GET notifications/count',
    () => ({ method: 'get', path: 'notifications/count' }),
    { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
  ],
  [
    'PATCH notifications/{id}',
    (id) => ({ method: 'patch', path: `notifications/${id}`, body: { readAt: null } }),
    { anonymous: 401, user: 403, admin: 200, 'other admin': 404 },
  ],
  [
    'PUT notifications/email_activation/{token}',
    () => ({ method: 'put', path: 'notifications/email_activation/unknown-token' }),
    { anonymous: 404, user: 404, admin: 404, 'other admin': 404 },
  ],
  [
    'PUT notifications/phone_activation/{token}',
    () => ({ method: 'put', path: 'notifications/phone_activation/unknown-token' }),
    { anonymous: 404, user: 404, admin: 404, 'other admin': 404 },
  ],
  // Last: it removes the table's notification.
  [
    'DELETE notifications/{id}',
    (id) => ({ method: 'delete', path: `notifications/${id}` }),
    { anonymous: 401, user: 403, admin: 204, 'other admin': 404 },
  ],
];

const PUSH_ONLY = {
  destinations: [
    { destination: 'sms', enabled: false, additional: [] },
    { destination: 'email', enabled: false, additional: [] },
    { destination: 'push', enabled: true },
    { destination: 'webhook', enabled: false, additional: [] },
  ],
  risks: ['high', 'medium', 'low', 'info'].map((name) => ({ name, enabled: true })),
  asset_importance: ['high', 'medium', 'low'].map((name) => ({ name, enabled: true })),
  dataCollectors: [],
  asset_tags: [],
};

describe('notifications authorization', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let notificationId: number;

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness);
    const admin = { Authorization: `Bearer ${tokens.admin}` };
    await harness.http.put('/api/v1.0/notifications/preferences').set(admin).send(PUSH_ONLY).expect(200);
    await raise(harness, 'LAF-005');
    notificationId = await waitFor(
      async () => {
        const list = (await harness.http.get('/api/v1.0/notifications').set(admin).expect(200))
          .body as Array<{
          id: number;
        }>;
        return list[0]?.id ?? null;
      },
      15_000,
      "the admin's notification",
    );
  });

  afterAll(async () => harness?.close());

  describe.each(TABLE)('%s', (_name, call, expected) => {
    it.each(CALLERS)('%s', async (caller) => {
      const { method, path, body } = call(notificationId);
      const response = await harness.http[method](`/api/v1.0/${path}`)
        .set(authorization(tokens, caller))
        .send(body);
      expect(response.status).toBe(expected[caller]);
    });
  });

  it("keeps each user's notifications to themselves", async () => {
    const count = async (caller: Caller) =>
      (
        (
          await harness.http
            .get('/api/v1.0/notifications/count')
            .set(authorization(tokens, caller))
            .expect(200)
        ).body as { count: number }
      ).count;
    // The regular user saved push-only preferences too, but only after the alert: nothing for them, nor outsiders.
    expect(await count('user')).toBe(0);
    expect(await count('other admin')).toBe(0);
  });
});

async function raise(harness: Harness, code: string): Promise<void> {
  const date = new Date().toISOString();
  const packet = packetFromPhy(
    buildDataUp({
      nwkSKey: Buffer.alloc(16, 1),
      appSKey: Buffer.alloc(16, 2),
      devAddr: '26011f0b',
      fCnt: 1,
      fPort: 1,
      payload: Buffer.from([1]),
    }),
    { organizationId: 1, dataSourceId: 1, devEui: '70b3d54990000002', date, receivedAt: date },
  );
  const alert: AlertDraft = {
    id: `${code}-${randomUUID()}`,
    code,
    dataSourceId: 1,
    organizationId: 1,
    createdAt: date,
    devEui: '70b3d54990000002',
    devAddr: '26011f0b',
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
}
