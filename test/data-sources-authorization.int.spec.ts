import * as argon2 from 'argon2';
import { TokenService } from '@lorawatch/accounts/auth/token.service';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { startApp, type Harness } from './support/app-harness';

type Caller = 'anonymous' | 'user' | 'admin' | 'other admin';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may do what with data sources (STYLE §5): the table is the documentation. 401 without a token, 403 for a
 * regular user's writes and for another organization's data source, 404 only where the caller could see it.
 */
const TABLE: Array<[Method, string, Record<Caller, number>]> = [
  ['get', '/api/v1.0/data_collectors', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
  ['get', '/api/v1.0/data_collectors/:id', { anonymous: 401, user: 200, admin: 200, 'other admin': 403 }],
  ['get', '/api/v1.0/data_collectors/:id/log', { anonymous: 401, user: 200, admin: 200, 'other admin': 403 }],
  ['get', '/api/v1.0/data_collectors/count', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
  [
    'get',
    '/api/v1.0/data_collectors/activity',
    { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
  ],
  ['post', '/api/v1.0/data_collectors', { anonymous: 401, user: 403, admin: 200, 'other admin': 200 }],
  ['post', '/api/v1.0/data_collectors/test', { anonymous: 401, user: 403, admin: 200, 'other admin': 200 }],
  ['put', '/api/v1.0/data_collectors/:id', { anonymous: 401, user: 403, admin: 200, 'other admin': 403 }],
  ['patch', '/api/v1.0/data_collectors/:id', { anonymous: 401, user: 403, admin: 200, 'other admin': 403 }],
  ['delete', '/api/v1.0/data_collectors/:id', { anonymous: 401, user: 403, admin: 200, 'other admin': 403 }],
];

describe('data-source authorization', () => {
  let harness: Harness;
  const tokens: Partial<Record<Caller, string>> = {};

  beforeAll(async () => {
    harness = await startApp();
    tokens.admin = await harness.adminToken();
    const issue = harness.app.get(TokenService);
    await registerUser(harness.app.get<EventStore>(EVENT_STORE), 50, 1, [1]);
    tokens.user = issue.accessToken({ userId: 50, username: 'operator', organizationId: 1, roles: [1] });
    tokens['other admin'] = issue.accessToken({
      userId: 51,
      username: 'outsider',
      organizationId: 2,
      roles: [2],
    });
  });
  afterAll(async () => harness.close());

  const body = {
    name: 'Authz',
    description: '',
    data_collector_type_id: 1,
    policy_id: 1,
    ip: '127.0.0.1',
    port: 1,
  };

  it.each(TABLE)('%s %s', async (method, path, expected) => {
    for (const caller of Object.keys(expected) as Caller[]) {
      // A fresh data source of organization 1 for every call, so deletes and disables do not interfere.
      const created = await harness.http
        .post('/api/v1.0/data_collectors')
        .set({ Authorization: `Bearer ${tokens.admin}` })
        .send(body)
        .expect(200);
      let request = harness.http[method](path.replace(':id', String(created.body.id)));
      if (caller !== 'anonymous') request = request.set({ Authorization: `Bearer ${tokens[caller]}` });
      const payload =
        method === 'patch'
          ? { status: 'DISABLED' }
          : method === 'get' || method === 'delete'
            ? undefined
            : body;
      const response = await (payload ? request.send(payload) : request);
      expect({ caller, status: response.status }).toEqual({ caller, status: expected[caller] });
    }
  });
});

async function registerUser(
  events: EventStore,
  userId: number,
  organizationId: number,
  roles: number[],
): Promise<void> {
  const data = {
    userId,
    organizationId,
    username: 'operator',
    email: null,
    fullName: 'Operator',
    phone: null,
    roles,
    passwordHash: await argon2.hash('Us3r!pass'),
    active: true,
  };
  await events.append(
    `user-${userId}`,
    [envelope('UserRegistered', data, { organizationId, actor: 'test' }, new Date().toISOString())],
    'no_stream',
  );
}
