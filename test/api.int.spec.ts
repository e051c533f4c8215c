import * as argon2 from 'argon2';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { startApp, ADMIN_PASSWORD, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

/** The first slice of the API over real embedded engines: accounts, policies, data sources, alerts. */
describe('API v1.0 (standalone, embedded engines)', () => {
  let harness: Harness;
  let admin: string;

  beforeAll(async () => {
    harness = await startApp();
    admin = await harness.adminToken();
  });
  afterAll(async () => harness.close());

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  describe('login', () => {
    it('signs in by username (trimmed, any case) or email and returns both tokens', async () => {
      for (const username of ['  Admin ', 'admin@example.com']) {
        const response = await harness.http
          .post('/api/v1.0/login')
          .send({ username, password: ADMIN_PASSWORD })
          .expect(200);
        expect(response.body).toMatchObject({ message: 'Logged in as admin' });
        expect(response.body.access_token).toEqual(expect.any(String));
        expect(response.body.refresh_token).toEqual(expect.any(String));
      }
    });

    it('answers wrong credentials with the spec message, never revealing which part was wrong', async () => {
      for (const body of [
        { username: 'admin', password: 'Wrong!pass1' },
        { username: 'nobody', password: ADMIN_PASSWORD },
      ]) {
        const response = await harness.http.post('/api/v1.0/login').send(body).expect(403);
        expect(response.body).toEqual({
          error: 'forbidden access',
          message: 'Username or password is incorrect',
        });
      }
    });

    it('answers 400 with a message for a malformed body', async () => {
      const response = await harness.http.post('/api/v1.0/login').send({ username: 'admin' }).expect(400);
      expect(response.body.message).toContain('You have to enter a password');
      await harness.http
        .post('/api/v1.0/login')
        .send({ username: ['a'], password: 'x' })
        .expect(400);
    });

    it('carries the claims the console reads', async () => {
      const [, payload] = admin.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      expect(claims).toMatchObject({
        identity: 'admin',
        type: 'access',
        user_claims: { user_roles_id: [2], organization_id: 1 },
      });
    });
  });

  describe('token refresh', () => {
    it('rotates the refresh token and revokes the sign-in when an old one is replayed', async () => {
      const login = await harness.http
        .post('/api/v1.0/login')
        .send({ username: 'admin', password: ADMIN_PASSWORD })
        .expect(200);
      const first = login.body.refresh_token as string;
      const refreshed = await harness.http
        .post('/api/v1.0/token_refresh')
        .set(auth(first))
        .send({})
        .expect(200);
      expect(refreshed.body.access_token).toEqual(expect.any(String));
      const second = refreshed.body.refresh_token as string;
      expect(second).not.toEqual(first);

      await harness.http.post('/api/v1.0/token_refresh').set(auth(first)).send({}).expect(401);
      // The replay revoked the family: the newest token no longer works either.
      await harness.http.post('/api/v1.0/token_refresh').set(auth(second)).send({}).expect(401);
    });

    it('lets exactly one of several simultaneous refreshes with the same token through', async () => {
      const login = await harness.http
        .post('/api/v1.0/login')
        .send({ username: 'admin', password: ADMIN_PASSWORD })
        .expect(200);
      const token = login.body.refresh_token as string;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          harness.http.post('/api/v1.0/token_refresh').set(auth(token)).send({}),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.every((status) => [200, 401, 409].includes(status))).toBe(true);
    });

    it('refuses an access token where a refresh token is expected, and the other way round', async () => {
      await harness.http.post('/api/v1.0/token_refresh').set(auth(admin)).send({}).expect(401);
      const login = await harness.http
        .post('/api/v1.0/login')
        .send({ username: 'admin', password: ADMIN_PASSWORD })
        .expect(200);
      await harness.http.get('/api/v1.0/alerts').set(auth(login.body.refresh_token)).expect(401);
    });
  });

  it('needs a token everywhere but login, health and metrics', async () => {
    const response = await harness.http.get('/api/v1.0/alerts').expect(401);
    expect(response.body.msg).toBe('Missing Authorization Header');
    await harness.http.get('/api/v1.0/alerts').set(auth('not.a.token')).expect(401);
    await harness.http.get('/health').expect(200);
    const metrics = await harness.http.get('/metrics').expect(200);
    expect(metrics.text).toContain('lorawatch_alerts_raised_total');
  });

  it("serves the websocket to the original console's Engine.IO 3 client and to current ones", async () => {
    for (const version of [3, 4]) {
      const response = await harness.http.get(`/socket.io/?EIO=${version}&transport=polling`).expect(200);
      expect(response.text).toContain('"sid"');
    }
  });

  it('publishes an OpenAPI document that states where it departs from the original API', async () => {
    const response = await harness.http.get('/api/docs-json').expect(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1.0/login',
        '/api/v1.0/token_refresh',
        '/api/v1.0/data_collectors',
        '/api/v1.0/alerts',
      ]),
    );
    expect(response.body.info.description).toContain('never returned');
  });

  it("exports the engines' positions and the detectors' lag", async () => {
    const metrics = (await harness.http.get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/lorawatch_event_store_head_position [1-9]\d*/);
    expect(metrics).toContain('lorawatch_detector_lag{partition="0"} 0');
  });

  it('lists the data-source types and the seeded Default policy', async () => {
    const types = await harness.http.get('/api/v1.0/data_collector_types').set(auth(admin)).expect(200);
    expect(types.body).toContainEqual({ id: 1, type: 'chirpstack_collector', name: 'ChirpStack v3' });
    const policies = await harness.http.get('/api/v1.0/policies').set(auth(admin)).expect(200);
    expect(policies.headers['total-items']).toBe('1');
    expect(policies.body[0]).toMatchObject({ id: 1, name: 'Default', isDefault: true, organizationId: null });
    const laf002 = (policies.body[0].items as Array<{ alertTypeCode: string; enabled: boolean }>).find(
      (item) => item.alertTypeCode === 'LAF-002',
    );
    expect(laf002?.enabled).toBe(false);
  });

  it('lists every alert type of the catalogue', async () => {
    const response = await harness.http.get('/api/v1.0/alert_types').set(auth(admin)).expect(200);
    const codes = (response.body as Array<{ code: string }>).map((type) => type.code);
    expect(codes).toEqual(expect.arrayContaining(['LAF-001', 'LAF-003', 'LAF-400', 'LAF-402', 'LAF-601']));
    expect(codes).not.toContain('LAF-500');
  });

  describe('data sources', () => {
    const body = {
      name: 'Field network',
      description: 'ChirpStack v3 broker',
      data_collector_type_id: 1,
      policy_id: 1,
      ip: '127.0.0.1',
      port: '1',
      user: 'collector',
      password: 'S3cret!pw',
      ssl: 'false',
    };

    it('creates a ChirpStack v3 data source, never returning its password', async () => {
      const created = await harness.http
        .post('/api/v1.0/data_collectors')
        .set(auth(admin))
        .send(body)
        .expect(200);
      expect(created.body).toEqual({ message: 'Data Collector Added Successfully', id: expect.any(Number) });
      const id = created.body.id as number;

      const detail = await waitFor(async () => {
        const response = await harness.http.get(`/api/v1.0/data_collectors/${id}`).set(auth(admin));
        return response.status === 200 ? response : null;
      });
      expect(detail.body).toMatchObject({
        id,
        name: 'Field network',
        ip: '127.0.0.1',
        port: '1',
        user: 'collector',
        policy_name: 'Default',
      });
      expect(['CONNECTED', 'DISCONNECTED']).toContain(detail.body.status);
      expect(JSON.stringify(detail.body)).not.toContain('S3cret!pw');
      expect(detail.body.topics).toEqual(
        expect.arrayContaining(['gateway/+/event/up', 'gateway/+/command/down']),
      );

      const list = await harness.http.get('/api/v1.0/data_collectors').set(auth(admin)).expect(200);
      expect(list.headers['total-items']).toBe('1');
      expect(list.body.data_collectors[0]).toMatchObject({
        id,
        name: 'Field network',
        type: { id: 1, type: 'chirpstack_collector' },
      });
    });

    it('validates the body with clear messages', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...body, port: '70000' }, 'Port invalid'],
        [{ ...body, ip: 'not a host!' }, 'IP invalid'],
        [{ ...body, name: 'x'.repeat(121) }, 'Name field too long. Max is 120 characters.'],
        [{ ...body, description: 'x'.repeat(1001) }, 'Description field too long. Max is 1000 characters.'],
        [{ ...body, data_collector_type_id: 99 }, 'Invalid data_collector_type_id'],
        [{ ...body, policy_id: 999 }, 'Not allowed policy.'],
        [{ ...body, unexpected: 1 }, 'property unexpected should not exist'],
      ];
      for (const [invalid, message] of cases) {
        const response = await harness.http
          .post('/api/v1.0/data_collectors')
          .set(auth(admin))
          .send(invalid)
          .expect(400);
        expect(JSON.stringify(response.body)).toContain(message);
      }
    });

    it('reserves creation to admins and hides other organizations', async () => {
      const regular = await createUser(harness, { organizationId: 1, username: 'operator', roles: [1] });
      await harness.http.post('/api/v1.0/data_collectors').set(auth(regular)).send(body).expect(403);
      await harness.http.get('/api/v1.0/data_collectors').set(auth(regular)).expect(200);

      const outsider = await createUser(harness, { organizationId: 77, username: 'outsider', roles: [2] });
      const list = await harness.http.get('/api/v1.0/data_collectors').set(auth(outsider)).expect(200);
      expect(list.body.data_collectors).toEqual([]);
      await harness.http.get('/api/v1.0/data_collectors/1').set(auth(outsider)).expect(403);
      await harness.http.get('/api/v1.0/data_collectors/999').set(auth(outsider)).expect(404);
    });
  });

  describe('alerts', () => {
    it('answers empty lists and counts, and rejects malformed filters with 400', async () => {
      const list = await harness.http
        .get('/api/v1.0/alerts?include_parameters=true&page=0&size=10')
        .set(auth(admin))
        .expect(200);
      expect(list.body).toEqual([]);
      const total = await harness.http
        .get('/api/v1.0/alerts/count?group_by=TOTAL')
        .set(auth(admin))
        .expect(200);
      expect(total.body).toEqual({ count: 0 });
      for (const query of [
        'page=-1',
        'size=abc',
        'risk[]=SEVERE',
        'created_at[gte]=yesterday',
        'group_by=WEEK',
        'order_by[]=password&order_by[]=ASC',
      ]) {
        const path = query.startsWith('group_by')
          ? `/api/v1.0/alerts/count?${query}`
          : `/api/v1.0/alerts?${query}`;
        const response = await harness.http.get(path).set(auth(admin));
        expect({ query, status: response.status }).toEqual({ query, status: 400 });
      }
      await harness.http
        .get('/api/v1.0/alerts?created_at[gte]=2026-01-02T00:00:00Z&created_at[lte]=2026-01-01T00:00:00Z')
        .set(auth(admin))
        .expect(400);
    });
  });
});

async function createUser(
  harness: Harness,
  user: { organizationId: number; username: string; roles: number[] },
): Promise<string> {
  const events = harness.app.get<EventStore>(EVENT_STORE);
  const userId = 1000 + Math.floor(Math.random() * 100000);
  const password = 'Us3r!pass';
  await events.append(
    `user-${userId}`,
    [
      envelope(
        'UserRegistered',
        {
          userId,
          organizationId: user.organizationId,
          username: user.username,
          email: null,
          fullName: user.username,
          phone: null,
          roles: user.roles,
          passwordHash: await argon2.hash(password),
          active: true,
        },
        { organizationId: user.organizationId, actor: 'test' },
        new Date().toISOString(),
      ),
    ],
    'no_stream',
  );
  const response = await waitFor(async () => {
    const login = await harness.http.post('/api/v1.0/login').send({ username: user.username, password });
    return login.status === 200 ? login : null;
  });
  return response.body.access_token as string;
}
