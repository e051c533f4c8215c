import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may do what with policies (CONTRIBUTING.md §5): the table is the documentation. 401 without a token; 403 for a
 * regular user's writes, for another organization's policy and for changing the global default; 404 for a
 * policy that does not exist, once the caller may make the request at all. `:id` is a fresh policy of the
 * admin's organization, `:default` the global default policy, `:missing` an id no policy has.
 */
const TABLE: Array<[Method, string, Record<Caller, number>]> = [
  ['get', '/api/v1.0/policies', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
  ['get', '/api/v1.0/policies/:id', { anonymous: 401, user: 200, admin: 200, 'other admin': 403 }],
  ['get', '/api/v1.0/policies/:default', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
  ['get', '/api/v1.0/policies/:missing', { anonymous: 401, user: 404, admin: 404, 'other admin': 404 }],
  ['post', '/api/v1.0/policies', { anonymous: 401, user: 403, admin: 201, 'other admin': 201 }],
  ['post', '/api/v1.0/policies?clone=:id', { anonymous: 401, user: 403, admin: 201, 'other admin': 403 }],
  [
    'post',
    '/api/v1.0/policies?clone=:default',
    { anonymous: 401, user: 403, admin: 201, 'other admin': 201 },
  ],
  [
    'post',
    '/api/v1.0/policies?clone=:missing',
    { anonymous: 401, user: 403, admin: 404, 'other admin': 404 },
  ],
  ['put', '/api/v1.0/policies/:id', { anonymous: 401, user: 403, admin: 200, 'other admin': 403 }],
  ['put', '/api/v1.0/policies/:default', { anonymous: 401, user: 403, admin: 403, 'other admin': 403 }],
  ['put', '/api/v1.0/policies/:missing', { anonymous: 401, user: 403, admin: 404, 'other admin': 404 }],
  ['delete', '/api/v1.0/policies/:id', { anonymous: 401, user: 403, admin: 204, 'other admin': 403 }],
  ['delete', '/api/v1.0/policies/:default', { anonymous: 401, user: 403, admin: 403, 'other admin': 403 }],
  ['delete', '/api/v1.0/policies/:missing', { anonymous: 401, user: 403, admin: 404, 'other admin': 404 }],
];

describe('policy authorization', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let names = 0;
  const name = () => `Authz ${++names}`;

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness);
  });
  afterAll(async () => harness.close());

  it.each(TABLE)('%s %s', async (method, path, expected) => {
    for (const caller of Object.keys(expected) as Caller[]) {
      // A fresh policy of the admin's organization for every call, so deletes do not interfere.
      const created = await harness.http
        .post('/api/v1.0/policies')
        .set({ Authorization: `Bearer ${tokens.admin}` })
        .send({ name: name(), items: [] })
        .expect(201);
      const url = path
        .replace(':id', String(created.body.id))
        .replace(':default', '1')
        .replace(':missing', '999999');
      const request = harness.http[method](url).set(authorization(tokens, caller));
      const clone = url.includes('clone=');
      const payload =
        method === 'post'
          ? clone
            ? { name: name() }
            : { name: name(), items: [] }
          : method === 'put'
            ? { name: name(), items: [] }
            : undefined;
      const response = await (payload ? request.send(payload) : request);
      expect({ caller, status: response.status }).toEqual({ caller, status: expected[caller] });
    }
  });
});
