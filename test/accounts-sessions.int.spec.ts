import { JwtService } from '@nestjs/jwt';
import { TokenService } from '@lorawatch/platform/auth/token.service';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { startApp, type Harness } from './support/app-harness';
import { USER_PASSWORD, registerUser } from './support/callers';

const API = '/api/v1.0';
const NEW_PASSWORD = 'Brand!new9pass';

interface Tokens {
  access: string;
  refresh: string;
}

const payload = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

/** Sessions end when the password, the roles or the user change; sign-in waits; tokens of a pinned shape. */
describe('accounts: sessions, sign-in waits and tokens', () => {
  let harness: Harness;
  let admin: string;
  let clock: Clock;
  let nextUserId = 300;
  let offset = 0;
  /** While set, the application's clock stands still (but for `advance`): a slow machine cannot eat a wait. */
  let frozenAt: number | null = null;
  let freeze: () => void = () => undefined;
  let thaw: () => void = () => undefined;

  beforeAll(async () => {
    // Sign-in waits follow the application's clock, moved below; the rate limit's window is real time.
    harness = await startApp({ RATE_LIMIT_LOGIN: '0' });
    admin = await harness.adminToken();
    clock = harness.app.get<Clock>(CLOCK);
    const real = clock.now.bind(clock);
    jest.spyOn(clock, 'now').mockImplementation(() => new Date((frozenAt ?? real().getTime()) + offset));
    thaw = () => {
      // The clock goes on from where it stood: real time that passed while frozen is not added.
      if (frozenAt !== null) offset += frozenAt - real().getTime();
      frozenAt = null;
    };
    freeze = () => {
      frozenAt = real().getTime();
    };
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await harness.close();
  });

  /** Moves the application's clock (sign-in waits, session lifetimes) forward. */
  const advance = (ms: number) => {
    offset += ms;
  };
  const settled = () => harness.app.get<ReadModelSync>(READ_MODEL_SYNC).settled();
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const login = (username: string, password = USER_PASSWORD) =>
    harness.http.post(`${API}/login`).send({ username, password });

  async function newUser(roles: number[] = [1], organizationId = 1): Promise<string> {
    const userId = nextUserId++;
    const username = `member${userId}`;
    await registerUser(harness, { userId, organizationId, roles, username });
    await settled();
    return username;
  }

  async function signIn(username: string, password = USER_PASSWORD): Promise<Tokens> {
    const body = (await login(username, password).expect(200)).body as {
      access_token: string;
      refresh_token: string;
    };
    return { access: body.access_token, refresh: body.refresh_token };
  }

  const me = (token: string) => harness.http.get(`${API}/user_token`).set(auth(token));
  const refresh = (token: string) => harness.http.post(`${API}/token_refresh`).set(auth(token));

  describe('H1: failed sign-ins make the address wait, never for good', () => {
    // Failures in a row → how long the right password is then refused.
    const WAITS: Array<[number, number]> = [
      [5, 60_000],
      [6, 5 * 60_000],
      [7, 15 * 60_000],
      [12, 15 * 60_000],
    ];

    afterEach(() => thaw());

    it.each(WAITS)('after %i failures the right password waits %i ms, then works', async (failures, wait) => {
      const username = await newUser();
      freeze();
      for (let attempt = 1; attempt <= failures; attempt++) {
        await login(username, `Wrong!pass${attempt}`).expect(403);
        // Past each wait, so that every failure is counted.
        if (attempt >= 5 && attempt < failures) advance(15 * 60_000 + 1000);
      }
      const refused = await login(username).expect(403);
      expect(refused.body).toEqual({
        error: 'forbidden access',
        message: 'Username or password is incorrect',
      });
      advance(wait - 2000);
      await login(username).expect(403);
      advance(3000);
      await login(username).expect(200);
    });

    it('an administrator lifts the wait at once', async () => {
      const username = await newUser();
      for (let attempt = 0; attempt < 5; attempt++) await login(username, 'Wrong!pass1').expect(403);
      await login(username).expect(403);
      const lifted = await harness.http.post(`${API}/user/${username}/unblock`).set(auth(admin)).expect(200);
      expect(lifted.body).toEqual({ message: `User ${username} was unblocked.` });
      await login(username).expect(200);
    });

    it.each([
      ['anonymous', 401],
      ['user', 403],
      ['admin', 200],
      ['other admin', 404],
    ] as const)('POST /user/:username/unblock as %s → %i', async (caller, status) => {
      const username = await newUser();
      const tokens: Record<string, string | null> = {
        anonymous: null,
        user: (await signIn(await newUser())).access,
        admin,
        'other admin': (await signIn(await newUser([2], 2))).access,
      };
      const token = tokens[caller];
      const request = harness.http.post(`${API}/user/${username}/unblock`);
      expect((await (token ? request.set(auth(token)) : request)).status).toBe(status);
    });
  });

  describe('H2/M1: a change of password, roles or user ends the other sessions', () => {
    it('a password change ends every other session, access and refresh, and keeps the one that asked', async () => {
      const username = await newUser();
      const other = await signIn(username);
      const mine = await signIn(username);
      await harness.http
        .put(`${API}/change_password`)
        .set(auth(mine.access))
        .send({ current_password: USER_PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD })
        .expect(200);
      expect((await me(other.access).expect(401)).body.message).toBe('Token has been revoked');
      expect((await refresh(other.refresh).expect(401)).body.message).toBe('Token has been revoked');
      await me(mine.access).expect(200);
      const rotated = (await refresh(mine.refresh).expect(200)).body as { access_token: string };
      await me(rotated.access_token).expect(200);
      await login(username, NEW_PASSWORD).expect(200);
    });

    // What happens to the user → what their older tokens get on an admin write and on a refresh.
    const ENDINGS: Array<[string, (username: string) => Promise<unknown>, number]> = [
      [
        'demoted by an admin',
        (username) =>
          harness.http
            .put(`${API}/user/${username}`)
            .set(auth(admin))
            .send({ user_roles: [1] })
            .expect(200),
        401,
      ],
      [
        'deleted',
        (username) => harness.http.delete(`${API}/user/${username}`).set(auth(admin)).expect(200),
        401,
      ],
    ];

    it.each(ENDINGS)('an admin %s: the old tokens are refused', async (_label, change, status) => {
      const username = await newUser([2]);
      const before = await signIn(username);
      const target = await newUser();
      await change(username);
      expect((await harness.http.post(`${API}/user/${target}/unblock`).set(auth(before.access))).status).toBe(
        status,
      );
      await refresh(before.refresh).expect(401);
    });

    it('takes roles and organization from the stored user, not from the token', async () => {
      const username = await newUser([1]);
      const { access } = await signIn(username);
      const claims = payload(access) as { sub: string; sid: string; sst: string };
      // A token that says "admin" for a regular user (as a token issued before a demotion would).
      const inflated = harness.app
        .get(TokenService)
        .accessToken(
          { userId: Number(claims.sub), username, organizationId: 2, roles: [2] },
          { familyId: claims.sid, startedAt: claims.sst },
        );
      const target = await newUser();
      await harness.http.post(`${API}/user/${target}/unblock`).set(auth(inflated)).expect(403);
      const own = (await me(inflated).expect(200)).body as { user_roles: number[]; organization_id: number };
      expect(own).toMatchObject({ user_roles: [1], organization_id: 1 });
    });

    it('a refresh token lives REFRESH_TOKEN_SECONDS from the sign-in, however often it rotates', async () => {
      const lifetime = harness.config.refreshTokenSeconds;
      const username = await newUser();
      let tokens = await signIn(username);
      const firstExp = payload(tokens.refresh).exp as number;
      advance((lifetime / 2) * 1000);
      const body = (await refresh(tokens.refresh).expect(200)).body as {
        access_token: string;
        refresh_token: string;
      };
      tokens = { access: body.access_token, refresh: body.refresh_token };
      expect(payload(tokens.refresh).exp as number).toBeLessThanOrEqual(firstExp);
      advance((lifetime / 2) * 1000 + 1000);
      expect((await refresh(tokens.refresh).expect(401)).body.message).toBe('Token has expired');
    });
  });

  describe('tokens pin their algorithm and must expire', () => {
    const jwt = () => harness.app.get(JwtService);
    const claimsOf = async () => {
      const { access } = await signIn(await newUser());
      const { exp: _exp, iat: _iat, ...claims } = payload(access);
      return claims;
    };
    const FORGED: Array<[string, () => Promise<string>]> = [
      ['HS384', async () => jwt().sign(await claimsOf(), { algorithm: 'HS384', expiresIn: 600 })],
      ['HS512', async () => jwt().sign(await claimsOf(), { algorithm: 'HS512', expiresIn: 600 })],
      ['no exp', async () => jwt().sign(await claimsOf(), { algorithm: 'HS256' })],
    ];
    it.each(FORGED)('%s → 401', async (_label, forge) => {
      expect((await me(await forge()).expect(401)).body.message).toBe('Invalid token');
    });
  });

  describe('M3: an unknown account costs what a wrong password costs', () => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    async function timed(username: string): Promise<number> {
      const start = process.hrtime.bigint();
      await login(username, 'Wrong!pass1').expect(403);
      return Number(process.hrtime.bigint() - start) / 1e6;
    }

    it('answers an unknown user within a factor of 2 of a known one', async () => {
      const known = await newUser();
      await timed('nobody-at-all'); // warms the dummy hash
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      for (let round = 0; round < 4; round++) {
        knownTimes.push(await timed(known));
        unknownTimes.push(await timed(`nobody${round}`));
      }
      const ratio = median(unknownTimes) / median(knownTimes);
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    });
  });
});
