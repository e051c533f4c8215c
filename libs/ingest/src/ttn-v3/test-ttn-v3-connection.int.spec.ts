import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../../../bench/support/free-port';
import { startTtnV3Peer, type TtnV3Peer } from '@lorawatch/simulator/ttn-v3-peer';
import { testTtnV3Connection } from './test-ttn-v3-connection';

const KEY = 'NNSXS.CONNECTIONTEST.SECRET';

async function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('testTtnV3Connection', () => {
  let peer: TtnV3Peer;
  beforeAll(async () => {
    peer = await startTtnV3Peer({ apiKeys: { [KEY]: ['gw-one', 'gw-two'] } });
  });
  afterAll(async () => {
    await peer.close();
  });

  it('gives SUCCESS when the stream opens, and leaves no stream behind', async () => {
    const result = await testTtnV3Connection(
      { baseUrl: peer.url, gatewayIds: ['gw-one', 'gw-two'], apiKey: KEY },
      5000,
    );
    expect(result).toEqual({
      type: 'SUCCESS',
      message: `events stream of gw-one, gw-two open at 127.0.0.1:${peer.port}`,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(peer.streamCount()).toBe(0);
  });

  it('gives LOGIN_FAILED for a wrong key (401) and for a gateway outside its rights (403)', async () => {
    const wrongKey = await testTtnV3Connection(
      { baseUrl: peer.url, gatewayIds: ['gw-one'], apiKey: 'NNSXS.NOPE' },
      5000,
    );
    expect(wrongKey).toEqual({
      type: 'LOGIN_FAILED',
      message: expect.stringMatching(/^HTTP 401 Unauthorized: /),
    });
    const noRights = await testTtnV3Connection(
      { baseUrl: peer.url, gatewayIds: ['gw-three'], apiKey: KEY },
      5000,
    );
    expect(noRights).toEqual({
      type: 'LOGIN_FAILED',
      message: expect.stringMatching(/^HTTP 403 Forbidden: .*gw-three/),
    });
  });

  it('gives ERROR for bad settings, a refused connection and a server error', async () => {
    expect(await testTtnV3Connection({ baseUrl: 'nowhere', gatewayIds: ['gw-one'], apiKey: KEY })).toEqual({
      type: 'ERROR',
      message: 'invalid TTN server URL: nowhere',
    });
    const closedPort = await freePort();
    const refused = await testTtnV3Connection(
      { baseUrl: `http://127.0.0.1:${closedPort}`, gatewayIds: ['gw-one'], apiKey: KEY },
      5000,
    );
    expect(refused).toEqual({ type: 'ERROR', message: expect.stringMatching(/ECONNREFUSED/) });

    const failing = createHttpServer((_request, response) => {
      response.writeHead(503, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 14, message: 'error:pkg/events:unavailable (unavailable)' }));
    });
    const url = await listen(failing);
    const unavailable = await testTtnV3Connection(
      { baseUrl: url, gatewayIds: ['gw-one'], apiKey: KEY },
      5000,
    );
    expect(unavailable).toEqual({
      type: 'ERROR',
      message: 'HTTP 503 Service Unavailable: error:pkg/events:unavailable (unavailable) (code 14)',
    });
    await new Promise((resolve) => failing.close(resolve));
  });

  it('gives TIMEOUT when the server accepts the connection but never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    const url = await listen(silent);
    const started = Date.now();
    const result = await testTtnV3Connection({ baseUrl: url, gatewayIds: ['gw-one'], apiKey: KEY }, 300);
    expect(result).toEqual({
      type: 'TIMEOUT',
      message: expect.stringMatching(/did not answer within 300 ms/),
    });
    expect(Date.now() - started).toBeLessThan(2000);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
