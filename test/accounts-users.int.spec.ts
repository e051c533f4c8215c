import { TokenService } from '@lorawatch/platform/auth/token.service';
import { startApp, type Harness } from './support/app-harness';
import {
  CALLERS,
  USER_PASSWORD,
  authorization,
  callerTokens,
  registerUser,
  type Caller,
  type CallerTokens,
} from './support/callers';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { waitFor } from './support/wait-for';

const API = '/api/v1.0';

describe('users and roles', () => {
  let harness: Harness;
  let sink: SmtpSink;
  let tokens: CallerTokens;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** A user of organization 1 (or another), signed in for real. */
  async function member(userId: number, username: string, roles = [1], organizationId = 1) {
    await registerUser(harness, { userId, organizationId, roles, username });
    const login = await waitFor(async () => {
      const response = await harness.http.post(`${API}/login`).send({ username, password: USER_PASSWORD });
      return response.status === 200 ? response : null;
    });
    return login.body as { access_token: string; refresh_token: string };
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    harness = await startApp({ SMTP_URL: sink.url, RATE_LIMIT_LOGIN: '0', RATE_LIMIT_REGISTER: '0' });
    tokens = await callerTokens(harness);
    await member(60, 'target');
    await member(70, 'stranger', [1], 2);
  });
  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  describe('GET user', () => {
    it('pages an admin through the users of his organization, with the totals in headers', async () => {
      const all = await harness.http.get(`${API}/user`).set(auth(tokens.admin)).expect(200);
      const names = all.body.users.map((user: { username: string }) => user.username);
      expect(names).toEqual(expect.arrayContaining(['admin', 'operator', 'target']));
      expect(names).not.toContain('stranger');
      expect(all.headers['total-items']).toBe(String(names.length));
      expect(all.body.users[0]).toEqual({
        id: 1,
        username: 'admin',
        full_name: 'Administrator',
        phone: null,
        email: 'admin@example.com',
        user_roles: [2],
        organization_id: 1,
        active: true,
        organization_name: 'My organization',
        first_login: true,
      });
      const page = await harness.http.get(`${API}/user?page=2&size=1`).set(auth(tokens.admin)).expect(200);
      expect(page.body.users).toHaveLength(1);
      expect(page.body.users[0].username).toBe(names[1]);
      expect(page.headers['total-pages']).toBe(String(names.length));
      await harness.http.get(`${API}/user?size=0`).set(auth(tokens.admin)).expect(400);
    });

    it('shows a regular user the same list of his organization, and nobody another organization’s', async () => {
      const asAdmin = await harness.http.get(`${API}/user`).set(auth(tokens.admin)).expect(200);
      const asUser = await harness.http.get(`${API}/user`).set(auth(tokens.user)).expect(200);
      expect(asUser.body).toEqual(asAdmin.body);
      expect(asUser.headers['total-items']).toBe(asAdmin.headers['total-items']);
      const page = await harness.http.get(`${API}/user?page=2&size=1`).set(auth(tokens.user)).expect(200);
      expect(page.body.users).toEqual([asAdmin.body.users[1]]);
      const elsewhere = await harness.http.get(`${API}/user`).set(auth(tokens['other admin'])).expect(200);
      const theirs = elsewhere.body.users.map((user: { username: string }) => user.username);
      expect(theirs).toContain('stranger');
      expect(theirs).not.toEqual(expect.arrayContaining(['operator']));
      expect(theirs).not.toContain('target');
    });

    it('never answers secrets: only the public fields of a user', async () => {
      const response = await harness.http.get(`${API}/user`).set(auth(tokens.user)).expect(200);
      const fields = new Set(response.body.users.flatMap((user: object) => Object.keys(user)));
      expect([...fields].sort()).toEqual(
        [
          'active',
          'email',
          'first_login',
          'full_name',
          'id',
          'organization_id',
          'organization_name',
          'phone',
          'user_roles',
          'username',
        ].sort(),
      );
    });
  });

  describe('GET user/{username}', () => {
    it('answers any member of the same organization; 404 for unknown users and other organizations’', async () => {
      const self = await harness.http.get(`${API}/user/operator`).set(auth(tokens.user)).expect(200);
      expect(self.body).toMatchObject({ username: 'operator', user_roles: [1], organization_id: 1 });
      await harness.http.get(`${API}/user/operator`).set(auth(tokens.admin)).expect(200);
      const colleague = await harness.http.get(`${API}/user/target`).set(auth(tokens.user)).expect(200);
      const asAdmin = await harness.http.get(`${API}/user/target`).set(auth(tokens.admin)).expect(200);
      expect(colleague.body).toEqual(asAdmin.body);
      expect(colleague.body).toMatchObject({ username: 'target', organization_id: 1 });
      const unknown = await harness.http.get(`${API}/user/nobody`).set(auth(tokens.admin)).expect(404);
      expect(unknown.body.error).toBe('not found');
      const foreign = await harness.http.get(`${API}/user/stranger`).set(auth(tokens.user)).expect(404);
      expect(foreign.body.error).toBe('not found');
    });
  });

  describe('PUT user/{username}', () => {
    it('lets a regular user edit his own name and phone, sending his unchanged roles as the console does', async () => {
      const response = await harness.http
        .put(`${API}/user/operator`)
        .set(auth(tokens.user))
        .send({
          full_name: 'Op Erator',
          phone: '+598-99123456',
          email: 'ignored@example.com',
          user_roles: [1],
          first_login: false,
        })
        .expect(200);
      expect(response.body).toMatchObject({
        username: 'operator',
        full_name: 'Op Erator',
        phone: '+598-99123456',
        email: null,
        user_roles: [1],
        first_login: false,
      });
      const cleared = await harness.http
        .put(`${API}/user/operator`)
        .set(auth(tokens.user))
        .send({ full_name: 'Op Erator', phone: '' })
        .expect(200);
      expect(cleared.body.phone).toBeNull();
    });

    it('keeps role changes to admins, and an admin cannot drop his own admin role', async () => {
      const promote = await harness.http
        .put(`${API}/user/operator`)
        .set(auth(tokens.user))
        .send({ full_name: 'Op', user_roles: [2] })
        .expect(403);
      expect(promote.body.message).toBe('Only administrators can change roles');
      const demote = await harness.http
        .put(`${API}/user/admin`)
        .set(auth(tokens.admin))
        .send({ full_name: 'Administrator', user_roles: ['1'] })
        .expect(403);
      expect(demote.body.message).toBe('You cannot remove your own admin role');
      const promoted = await harness.http
        .put(`${API}/user/target`)
        .set(auth(tokens.admin))
        .send({ user_roles: '2' })
        .expect(200);
      expect(promoted.body.user_roles).toEqual([2]);
      await harness.http
        .put(`${API}/user/target`)
        .set(auth(tokens.admin))
        .send({ user_roles: [1] })
        .expect(200);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a bad phone', { phone: '099-12' }, 'Phone 099-12 is not valid'],
      [
        'a long full name',
        { full_name: 'y'.repeat(65) },
        'Full name is too long. Please enter a maximum of 64 characters.',
      ],
      ['an empty full name', { full_name: ' ' }, 'You have to enter a full name'],
      ['an unknown role', { user_roles: [3] }, 'Cannot assign this user role'],
      ['no role', { user_roles: [] }, 'Missing user_roles attribute.'],
      ['a bad first_login', { first_login: 'yes' }, 'first_login must be true or false'],
      ['an unknown field', { password: 'x' }, 'Unknown field: password'],
    ])('refuses %s', async (_case, body, message) => {
      const response = await harness.http
        .put(`${API}/user/target`)
        .set(auth(tokens.admin))
        .send(body)
        .expect(400);
      expect(response.body.message).toBe(message);
    });
  });

  describe('DELETE user/{username}', () => {
    it('deletes softly: the user disappears, cannot sign in, and his tokens stop working', async () => {
      const session = await member(80, 'leaver');
      await harness.http.get(`${API}/user_token`).set(auth(session.access_token)).expect(200);
      const deleted = await harness.http.delete(`${API}/user/leaver`).set(auth(tokens.admin)).expect(200);
      expect(deleted.body).toEqual({ message: 'User leaver was deleted successfully.' });

      await harness.http.get(`${API}/user_token`).set(auth(session.access_token)).expect(401);
      await harness.http.post(`${API}/token_refresh`).set(auth(session.refresh_token)).send({}).expect(401);
      await harness.http
        .post(`${API}/login`)
        .send({ username: 'leaver', password: USER_PASSWORD })
        .expect(403);
      await harness.http.get(`${API}/user/leaver`).set(auth(tokens.admin)).expect(404);
      const list = await harness.http.get(`${API}/user`).set(auth(tokens.admin)).expect(200);
      expect(list.body.users.map((user: { username: string }) => user.username)).not.toContain('leaver');
      await harness.http.delete(`${API}/user/leaver`).set(auth(tokens.admin)).expect(404);
    });

    it('never deletes oneself', async () => {
      const response = await harness.http.delete(`${API}/user/admin`).set(auth(tokens.admin)).expect(403);
      expect(response.body.message).toBe('You cannot delete your own user');
    });
  });

  it('counts the users of the caller’s organization only', async () => {
    const inOne = await harness.http.get(`${API}/user_count`).set(auth(tokens.admin)).expect(200);
    const list = await harness.http.get(`${API}/user`).set(auth(tokens.admin)).expect(200);
    expect(inOne.body).toEqual({ user_count: list.body.users.length });
    const inTwo = await harness.http.get(`${API}/user_count`).set(auth(tokens['other admin'])).expect(200);
    // The other organization's admin (a stored user) and the user it created.
    expect(inTwo.body).toEqual({ user_count: 2 });
  });

  it('lists the assignable roles to admins and their own roles to others', async () => {
    const admin = await harness.http.get(`${API}/user_roles`).set(auth(tokens.admin)).expect(200);
    expect(admin.body).toEqual({
      user_roles: [
        { id: 1, role_name: 'Regular_User' },
        { id: 2, role_name: 'Admin_User' },
      ],
    });
    const user = await harness.http.get(`${API}/user_roles`).set(auth(tokens.user)).expect(200);
    expect(user.body).toEqual({ user_roles: [{ id: 1, role_name: 'Regular_User' }] });
  });

  /** Who may do what (CONTRIBUTING.md §5): every account endpoint × every caller. */
  describe('authorization table', () => {
    let serial = 100;
    const victim = async () => {
      const username = `victim${++serial}`;
      await member(serial, username);
      return username;
    };
    const pending = async () => {
      const email = `pending${++serial}@example.com`;
      await harness.http
        .post(`${API}/register`)
        .set(auth(tokens.admin))
        .send({ username: `pending${serial}`, full_name: 'P', email, user_roles: '1' })
        .expect(200);
      await sink.next(email);
      return email;
    };

    type Row = [
      endpoint: string,
      call: (caller: Caller) => Promise<{ status: number }>,
      expected: Record<Caller, number>,
    ];
    const as = (caller: Caller) => authorization(tokens, caller);
    const rows: Row[] = [
      [
        'GET user_token',
        (c) => harness.http.get(`${API}/user_token`).set(as(c)),
        { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
      ],
      [
        'GET user',
        (c) => harness.http.get(`${API}/user`).set(as(c)),
        { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
      ],
      [
        'GET user/{username}',
        (c) => harness.http.get(`${API}/user/target`).set(as(c)),
        { anonymous: 401, user: 200, admin: 200, 'other admin': 404 },
      ],
      [
        'PUT user/{username}',
        (c) =>
          harness.http
            .put(`${API}/user/target`)
            .set(as(c))
            .send({ full_name: `Target ${c}` }),
        { anonymous: 401, user: 403, admin: 200, 'other admin': 404 },
      ],
      [
        'DELETE user/{username}',
        async (c) => harness.http.delete(`${API}/user/${await victim()}`).set(as(c)),
        { anonymous: 401, user: 403, admin: 200, 'other admin': 404 },
      ],
      [
        'GET user_count',
        (c) => harness.http.get(`${API}/user_count`).set(as(c)),
        { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
      ],
      [
        'GET user_roles',
        (c) => harness.http.get(`${API}/user_roles`).set(as(c)),
        { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
      ],
      [
        'POST register',
        (c) =>
          harness.http
            .post(`${API}/register`)
            .set(as(c))
            .send({
              username: `reg${++serial}`,
              full_name: 'R',
              email: `reg${serial}@example.com`,
              user_roles: '1',
            }),
        // Anonymous: a self sign-up (user_roles is ignored there).
        { anonymous: 200, user: 403, admin: 200, 'other admin': 200 },
      ],
      [
        'PUT resend_activation',
        async (c) =>
          harness.http
            .put(`${API}/resend_activation`)
            .set(as(c))
            .send({ email: await pending() }),
        { anonymous: 401, user: 403, admin: 200, 'other admin': 404 },
      ],
      [
        'PUT change_password',
        (c) =>
          harness.http
            .put(`${API}/change_password`)
            .set(as(c))
            .send({ current_password: 'Wrong!pass1', password: 'Other!pass2' }),
        { anonymous: 401, user: 400, admin: 400, 'other admin': 400 },
      ],
      [
        'POST change_email_request',
        (c) =>
          harness.http
            .post(`${API}/change_email_request`)
            .set(as(c))
            .send({ email: 'fresh@example.com', current_password: 'Wrong!pass1' }),
        { anonymous: 401, user: 400, admin: 400, 'other admin': 400 },
      ],
      [
        'PUT create_password/{token}',
        (c) => harness.http.put(`${API}/create_password/1.bad`).set(as(c)).send({ password: 'Good!pass1' }),
        { anonymous: 400, user: 400, admin: 400, 'other admin': 400 },
      ],
      [
        'PUT change_password_by_recovery/{token}',
        (c) =>
          harness.http
            .put(`${API}/change_password_by_recovery/1.bad`)
            .set(as(c))
            .send({ password: 'Good!pass1' }),
        { anonymous: 400, user: 400, admin: 400, 'other admin': 400 },
      ],
      [
        'PUT change_email/{token}',
        (c) => harness.http.put(`${API}/change_email/1.bad`).set(as(c)),
        { anonymous: 400, user: 400, admin: 400, 'other admin': 400 },
      ],
      [
        'PUT password_recovery',
        (c) => harness.http.put(`${API}/password_recovery`).set(as(c)).send({ email: 'nobody' }),
        { anonymous: 200, user: 200, admin: 200, 'other admin': 200 },
      ],
      [
        'POST logout_access',
        (c) => {
          const fresh = harness.app.get(TokenService).accessToken({
            userId: c === 'other admin' ? 51 : c === 'user' ? 50 : 1,
            username: c,
            organizationId: c === 'other admin' ? 2 : 1,
            roles: c === 'user' ? [1] : [2],
          });
          return harness.http.post(`${API}/logout_access`).set(c === 'anonymous' ? {} : auth(fresh));
        },
        { anonymous: 401, user: 200, admin: 200, 'other admin': 200 },
      ],
    ];

    it.each(rows)('%s', async (_endpoint, call, expected) => {
      const actual: Record<string, number> = {};
      for (const caller of CALLERS) actual[caller] = (await call(caller)).status;
      expect(actual).toEqual(expected);
    });
  });
});
