import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may do what with data sources (CONTRIBUTING.md §5): the table is the documentation. 401 without a token, 403 for a
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
  let tokens: CallerTokens;

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness);
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
      const request = harness.http[method](path.replace(':id', String(created.body.id))).set(
        authorization(tokens, caller),
      );
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
