import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTtnV2Peer, type TtnV2Peer } from '@lorawatch/simulator/ttn-v2-peer';
import { testTtnV2Connection } from './test-ttn-v2-connection';

const ACCOUNT = { baseUrl: '', username: 'alice', password: 'pw', gatewayIds: ['gw-one', 'gw-two'] };

describe('testTtnV2Connection', () => {
  let peer: TtnV2Peer;
  beforeAll(async () => {
    peer = await startTtnV2Peer({
      accounts: {
        alice: {
          password: 'pw',
          gateways: [
            { id: 'gw-one', description: '' },
            { id: 'gw-two', description: '' },
          ],
        },
      },
    });
  });
  afterAll(async () => {
    await peer.close();
  });

  it('gives SUCCESS when the traffic stream opens, and leaves no stream behind', async () => {
    expect(await testTtnV2Connection({ ...ACCOUNT, baseUrl: peer.url }, 5000)).toEqual({
      type: 'SUCCESS',
      message: `traffic of gw-one, gw-two open at 127.0.0.1:${peer.port}`,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(peer.streamCount()).toBe(0);
  });

  it('gives LOGIN_FAILED for a wrong password and for a gateway of another account', async () => {
    expect(await testTtnV2Connection({ ...ACCOUNT, baseUrl: peer.url, password: 'nope' }, 5000)).toEqual({
      type: 'LOGIN_FAILED',
      message: 'HTTP 401 Unauthorized: invalid username or password',
    });
    expect(
      await testTtnV2Connection({ ...ACCOUNT, baseUrl: peer.url, gatewayIds: ['gw-three'] }, 5000),
    ).toEqual({
      type: 'LOGIN_FAILED',
      message: 'HTTP 403 Forbidden: gateway gw-three is not a gateway of alice',
    });
  });

  it('gives ERROR for bad settings and a refused connection, TIMEOUT for a silent server', async () => {
    expect(await testTtnV2Connection({ ...ACCOUNT, baseUrl: 'nowhere' })).toEqual({
      type: 'ERROR',
      message: 'invalid TTN v2 server URL: nowhere',
    });
    expect(await testTtnV2Connection({ ...ACCOUNT, baseUrl: peer.url, gatewayIds: [] })).toEqual({
      type: 'ERROR',
      message: 'a TTN v2 collector needs at least one gateway ID',
    });
    const closed = await startTtnV2Peer({ accounts: {} });
    await closed.close();
    expect(await testTtnV2Connection({ ...ACCOUNT, baseUrl: closed.url }, 5000)).toMatchObject({
      type: 'ERROR',
      message: expect.stringMatching(/^login: .*ECONNREFUSED/),
    });
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      expect(await testTtnV2Connection({ ...ACCOUNT, baseUrl: `http://127.0.0.1:${port}` }, 200)).toEqual({
        type: 'TIMEOUT',
        message: `127.0.0.1:${port} did not answer within 200 ms`,
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
