import { randomBytes } from 'node:crypto';
import { startApp, type Harness } from './support/app-harness';
import {
  authorization,
  callerTokens,
  storedUserToken,
  type Caller,
  type CallerTokens,
} from './support/callers';

type Method = 'get' | 'post' | 'delete';

/** Who may do what with the organisation's AppKey dictionary (CONTRIBUTING.md §5): members read, admins write. */
const TABLE: Array<[Method, Record<Caller, number>]> = [
  ['get', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
  ['post', { anonymous: 401, user: 403, admin: 200, 'other admin': 200 }],
  ['delete', { anonymous: 401, user: 403, admin: 200, 'other admin': 200 }],
];

const PATH = '/api/v1.0/app_keys';
const newKey = () => randomBytes(16).toString('hex');

interface KeyList {
  limit: number;
  count: number;
  keys: Array<{ id: number; key: string; organization_id: number }>;
}

describe('app keys API (docs/api.md §12)', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let organization = 100;

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness);
  });
  afterAll(async () => harness.close());

  /** An admin of a fresh organisation, so each specification starts from an empty dictionary. */
  async function freshAdmin(): Promise<{ token: string; organizationId: number }> {
    organization += 1;
    const token = await storedUserToken(harness, {
      userId: 1000 + organization,
      username: `admin${organization}`,
      organizationId: organization,
      roles: [2],
    });
    return { token, organizationId: organization };
  }

  const send = (method: 'post' | 'delete', token: string, body: unknown) =>
    harness.http[method](PATH)
      .set({ Authorization: `Bearer ${token}` })
      .send(body as object);
  const list = async (token: string): Promise<KeyList> =>
    (
      await harness.http
        .get(PATH)
        .set({ Authorization: `Bearer ${token}` })
        .expect(200)
    ).body as KeyList;

  it.each(TABLE)('%s app_keys', async (method, expected) => {
    for (const caller of Object.keys(expected) as Caller[]) {
      const request = harness.http[method](PATH).set(authorization(tokens, caller));
      const response = await (method === 'get' ? request : request.send({ keys: [newKey()] }));
      expect({ caller, status: response.status }).toEqual({ caller, status: expected[caller] });
    }
  });

  it('adds keys upper case, counts repeats and keys already there, and lists them with their ids', async () => {
    const { token, organizationId } = await freshAdmin();
    const [a, b] = [newKey(), newKey()];
    const first = await send('post', token, { keys: [a, a.toUpperCase(), b] }).expect(200);
    expect(first.body).toEqual({ message: '2 app keys created, 1 were duplicated and 0 already existed' });
    const second = await send('post', token, { keys: [b.toUpperCase(), newKey()] }).expect(200);
    expect(second.body).toEqual({ message: '1 app keys created, 0 were duplicated and 1 already existed' });

    const listed = await list(token);
    expect(listed.limit).toBe(500);
    expect(listed.count).toBe(3);
    expect(listed.keys.slice(0, 2)).toEqual([
      { id: 1, key: a.toUpperCase(), organization_id: organizationId },
      { id: 2, key: b.toUpperCase(), organization_id: organizationId },
    ]);
    expect(listed.keys[2].id).toBe(3);
  });

  it('deletes keys, counting repeats and keys the organisation does not have', async () => {
    const { token } = await freshAdmin();
    const [a, b] = [newKey(), newKey()];
    await send('post', token, { keys: [a, b] }).expect(200);
    const removed = await send('delete', token, { keys: [a, a, newKey()] }).expect(200);
    expect(removed.body).toEqual({
      message: "1 app keys deleted, 1 were duplicated and 1 were not present in user's organization",
    });
    expect((await list(token)).keys.map((key) => key.key)).toEqual([b.toUpperCase()]);
    // Ids are not reused after a delete.
    await send('post', token, { keys: [a] }).expect(200);
    expect((await list(token)).keys.map((key) => key.id)).toEqual([2, 3]);
  });

  it('keeps each organisation to its own keys', async () => {
    const mine = await freshAdmin();
    const theirs = await freshAdmin();
    const key = newKey();
    await send('post', mine.token, { keys: [key] }).expect(200);
    expect((await list(theirs.token)).count).toBe(0);
    const attempt = await send('delete', theirs.token, { keys: [key] }).expect(200);
    expect(attempt.body.message).toBe(
      "0 app keys deleted, 0 were duplicated and 1 were not present in user's organization",
    );
    expect((await list(mine.token)).count).toBe(1);
  });

  it.each([
    [
      '31 characters',
      { keys: [newKey().slice(1)] },
      'Every key must have 32 hexadecimal characters (0-9, A-F)',
    ],
    [
      'a non-hex character',
      { keys: [`g${newKey().slice(1)}`] },
      'Every key must have 32 hexadecimal characters (0-9, A-F)',
    ],
    ['a number', { keys: [12345] }, 'Every key must have 32 hexadecimal characters (0-9, A-F)'],
    ['no list', {}, 'keys must be a list of 1 to 500 app keys'],
    ['a string instead of a list', { keys: newKey() }, 'keys must be a list of 1 to 500 app keys'],
    ['an empty list', { keys: [] }, 'keys must be a list of 1 to 500 app keys'],
    ['501 keys', { keys: Array.from({ length: 501 }, newKey) }, 'keys must be a list of 1 to 500 app keys'],
  ])('refuses a body with %s: 400 and nothing stored', async (_case, body, message) => {
    const { token } = await freshAdmin();
    for (const method of ['post', 'delete'] as const) {
      const response = await send(method, token, body).expect(400);
      expect(response.body.message).toBe(message);
    }
    expect((await list(token)).count).toBe(0);
  });

  it('holds at most 500 keys: a request that would pass the limit is refused whole', async () => {
    const { token } = await freshAdmin();
    await send('post', token, { keys: Array.from({ length: 499 }, newKey) }).expect(200);
    const refused = await send('post', token, { keys: [newKey(), newKey()] }).expect(403);
    expect(refused.body.message).toBe('Forbidden');
    expect((await list(token)).count).toBe(499);
    await send('post', token, { keys: [newKey()] }).expect(200);
    // Keys already there do not count twice.
    const existing = (await list(token)).keys[0].key;
    await send('post', token, { keys: [existing] }).expect(200);
    expect((await list(token)).count).toBe(500);
  });
});
