import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTtnV2Peer, type TtnV2Peer } from '@lorawatch/simulator/ttn-v2-peer';
import { listTtnV2Gateways, TtnV2ApiError, ttnV2Login } from './ttn-v2-http';

const ACCOUNTS = {
  alice: {
    password: 'correct horse',
    gateways: [
      { id: 'ttn-herengracht-ams', description: 'Herengracht, Amsterdam' },
      { id: 'eui-b827ebfffe8db887', description: 'Roof' },
    ],
  },
  bob: { password: 'hunter2', gateways: [{ id: 'bob-gw', description: '' }] },
};

describe('ttnV2Login and listTtnV2Gateways against the local TTN v2 peer over HTTP', () => {
  let peer: TtnV2Peer;
  beforeAll(async () => {
    peer = await startTtnV2Peer({ accounts: ACCOUNTS });
  });
  afterAll(async () => {
    await peer.close();
  });

  it('logs in and lists only the account’s gateways', async () => {
    const login = await ttnV2Login(peer.url, 'alice', 'correct horse', 5000);
    if (!login.ok) throw new Error(login.message);
    expect(login.token).toMatch(/^\S{16,}$/);
    expect(await listTtnV2Gateways(peer.url, login.token)).toEqual(ACCOUNTS.alice.gateways);

    const bob = await ttnV2Login(`${peer.url}/`, 'bob', 'hunter2', 5000);
    if (!bob.ok) throw new Error(bob.message);
    expect(await listTtnV2Gateways(peer.url, bob.token)).toEqual([{ id: 'bob-gw', description: '' }]);
  });

  it('gives LOGIN_FAILED for a wrong password, an unknown user and empty credentials', async () => {
    expect(await ttnV2Login(peer.url, 'alice', 'wrong', 5000)).toEqual({
      ok: false,
      type: 'LOGIN_FAILED',
      message: 'HTTP 401 Unauthorized: invalid username or password',
    });
    expect(await ttnV2Login(peer.url, 'mallory', 'correct horse', 5000)).toMatchObject({
      ok: false,
      type: 'LOGIN_FAILED',
    });
    expect(await ttnV2Login(peer.url, 'alice', '', 5000)).toMatchObject({ ok: false, type: 'LOGIN_FAILED' });
  });

  it('refuses a gateway list for a bad token with LOGIN_FAILED', async () => {
    const refused = listTtnV2Gateways(peer.url, 'not-a-token');
    await expect(refused).rejects.toBeInstanceOf(TtnV2ApiError);
    await expect(refused).rejects.toMatchObject({
      type: 'LOGIN_FAILED',
      message: 'HTTP 401 Unauthorized: invalid or expired token',
    });
  });

  it('gives ERROR for a bad URL and a refused connection, TIMEOUT for a silent server', async () => {
    expect(await ttnV2Login('ftp://x', 'alice', 'pw', 5000)).toEqual({
      ok: false,
      type: 'ERROR',
      message: 'TTN v2 server URL must start with https:// or http://, got ftp://x',
    });
    const closed = await startTtnV2Peer({ accounts: {} });
    await closed.close();
    expect(await ttnV2Login(closed.url, 'alice', 'pw', 5000)).toMatchObject({
      ok: false,
      type: 'ERROR',
      message: expect.stringMatching(/ECONNREFUSED/),
    });

    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      expect(await ttnV2Login(url, 'alice', 'pw', 200)).toEqual({
        ok: false,
        type: 'TIMEOUT',
        message: 'no answer within 200 ms',
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('gives ERROR when the login answer has no token', async () => {
    const odd = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"token":"x"}');
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
      expect(await ttnV2Login(url, 'alice', 'pw', 2000)).toEqual({
        ok: false,
        type: 'ERROR',
        message: 'the login answer has no access_token',
      });
      await expect(listTtnV2Gateways(url, 'token')).rejects.toMatchObject({
        type: 'ERROR',
        message: 'the gateway list is not a JSON array',
      });
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
  });
});
