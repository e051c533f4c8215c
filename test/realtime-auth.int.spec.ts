import { JwtService } from '@nestjs/jwt';
import { io, type Socket } from 'socket.io-client';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import type { ProjectionUpdatedMessage } from '@lorawatch/contracts';
import { startApp, type Harness } from './support/app-harness';
import { USER_PASSWORD, registerUser } from './support/callers';
import { waitFor } from './support/wait-for';

const API = '/api/v1.0';

/** The websocket's `authorization` gets the REST guard's checks, and sockets end with their token or session. */
describe('websocket authorization', () => {
  let harness: Harness;
  let admin: string;
  let nextUserId = 500;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    harness = await startApp();
    admin = await harness.adminToken();
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await harness.close();
  });

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const settled = () => harness.app.get<ReadModelSync>(READ_MODEL_SYNC).settled();

  async function signedIn(): Promise<{ username: string; access: string }> {
    const userId = nextUserId++;
    const username = `viewer${userId}`;
    await registerUser(harness, { userId, organizationId: 1, roles: [1], username });
    await settled();
    const response = await harness.http
      .post(`${API}/login`)
      .send({ username, password: USER_PASSWORD })
      .expect(200);
    return { username, access: (response.body as { access_token: string }).access_token };
  }

  async function connect(): Promise<{ socket: Socket; received: ProjectionUpdatedMessage[] }> {
    const socket = io(harness.url, { transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(socket);
    const received: ProjectionUpdatedMessage[] = [];
    socket.on('projection_updated', (message: ProjectionUpdatedMessage) => received.push(message));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, received };
  }

  const authorize = (socket: Socket, token: string) =>
    socket.emitWithAck('authorization', { token }) as Promise<{ ok: boolean }>;

  /** An access token of a fresh user, made unusable in the named way. */
  const REFUSED: Array<[string, () => Promise<string>]> = [
    [
      'signed out',
      async () => {
        const { access } = await signedIn();
        await harness.http.post(`${API}/logout_access`).set(auth(access)).expect(200);
        return access;
      },
    ],
    [
      'of a deleted user',
      async () => {
        const { username, access } = await signedIn();
        await harness.http.delete(`${API}/user/${username}`).set(auth(admin)).expect(200);
        return access;
      },
    ],
    [
      'of a session ended by a role change',
      async () => {
        const { username, access } = await signedIn();
        await harness.http
          .put(`${API}/user/${username}`)
          .set(auth(admin))
          .send({ user_roles: [2] })
          .expect(200);
        return access;
      },
    ],
    [
      'expired',
      async () => {
        const { access } = await signedIn();
        const {
          exp: _exp,
          iat: _iat,
          ...claims
        } = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
        return harness.app.get(JwtService).sign(claims, { expiresIn: -10 });
      },
    ],
  ];

  it.each(REFUSED)('refuses a token %s, and the socket hears nothing', async (_label, token) => {
    const listener = await connect();
    expect(await authorize(listener.socket, await token())).toEqual({ ok: false });
    const { username } = await signedIn(); // an accounts change of organisation 1
    expect(username).toBeTruthy();
    // A round trip: whatever the server sent before its answer has arrived.
    await authorize(listener.socket, 'not.a.token');
    expect(listener.received).toEqual([]);
  });

  // What happens to the user of an authorised socket → it is disconnected.
  const ENDINGS: Array<[string, (username: string, access: string) => Promise<unknown>]> = [
    [
      'the user is deleted',
      (username) => harness.http.delete(`${API}/user/${username}`).set(auth(admin)).expect(200),
    ],
    [
      'the user changes the password in another session',
      async (username) => {
        const other = await harness.http
          .post(`${API}/login`)
          .send({ username, password: USER_PASSWORD })
          .expect(200);
        await harness.http
          .put(`${API}/change_password`)
          .set(auth((other.body as { access_token: string }).access_token))
          .send({ current_password: USER_PASSWORD, password: 'Other!pass77', password2: 'Other!pass77' })
          .expect(200);
      },
    ],
    [
      'the token is signed out',
      (_username, access) => harness.http.post(`${API}/logout_access`).set(auth(access)),
    ],
  ];

  it.each(ENDINGS)('disconnects the socket when %s', async (_label, end) => {
    const { username, access } = await signedIn();
    const { socket } = await connect();
    expect(await authorize(socket, access)).toEqual({ ok: true });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await end(username, access);
    await waitFor(async () => (socket.connected ? null : true), 10_000, 'the socket to be disconnected');
    expect(await disconnected).toBe('io server disconnect');
  });

  it('disconnects a socket when its token expires, unless the client authorised again', async () => {
    const { access } = await signedIn();
    const {
      exp: _exp,
      iat: _iat,
      ...claims
    } = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const shortLived = () => harness.app.get(JwtService).sign(claims, { expiresIn: 2 });
    const expiring = await connect();
    const renewed = await connect();
    expect(await authorize(expiring.socket, shortLived())).toEqual({ ok: true });
    expect(await authorize(renewed.socket, shortLived())).toEqual({ ok: true });
    expect(await authorize(renewed.socket, access)).toEqual({ ok: true });
    await waitFor(async () => (expiring.socket.connected ? null : true), 10_000, 'the expiry');
    expect(renewed.socket.connected).toBe(true);
  });
});
