import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  EgressPolicy,
  EgressRefusedError,
  type EgressTenancy,
} from '@lorawatch/platform/egress/egress-policy';
import { postWebhook } from './delivery-sender';

const tenancy = (shared: boolean): EgressTenancy => ({
  shared: () => Promise.resolve(shared),
  demoOwner: () => Promise.resolve(1),
});
/** `hooks.test` is this machine, `metadata.test` the cloud metadata address. */
const lookup = (host: string) =>
  Promise.resolve({ address: host === 'hooks.test' ? '127.0.0.1' : '169.254.169.254', family: 4 });
const CALLER = { organizationId: 2 };
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('webhook POSTs through the egress policy (a real HTTP server on loopback)', () => {
  let server: Server;
  let port: number;
  const received: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(request.headers);
      request.resume();
      response.statusCode = 204;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('posts to the address the policy resolved, the name kept as the Host header', async () => {
    const policy = new EgressPolicy(
      { allow: [], ownPorts: [], demoBrokerPort: null },
      tenancy(false),
      lookup,
    );
    const status = await postWebhook(
      new URL(`http://hooks.test:${port}/alerts`),
      JSON_HEADERS,
      '{}',
      policy,
      CALLER,
    );
    expect(status).toBe(204);
    expect(received.at(-1)?.host).toBe(`hooks.test:${port}`);
  });

  it.each([
    ['a link-local address', 'http://169.254.169.254/latest/meta-data'],
    ['a link-local address, IPv6', 'http://[fe80::1]/hook'],
    ['a name that resolves to a link-local address', 'http://metadata.test/hook'],
  ])('refuses %s', async (_label, target) => {
    const policy = new EgressPolicy(
      { allow: [], ownPorts: [], demoBrokerPort: null },
      tenancy(false),
      lookup,
    );
    const before = received.length;
    await expect(postWebhook(new URL(target), JSON_HEADERS, '{}', policy, CALLER)).rejects.toBeInstanceOf(
      EgressRefusedError,
    );
    expect(received).toHaveLength(before);
  });

  it('refuses loopback once several organisations share the server, unless EGRESS_ALLOW opens it', async () => {
    const closed = new EgressPolicy({ allow: [], ownPorts: [], demoBrokerPort: null }, tenancy(true), lookup);
    await expect(
      postWebhook(new URL(`http://hooks.test:${port}/alerts`), JSON_HEADERS, '{}', closed, CALLER),
    ).rejects.toThrow('refused by policy');
    const opened = new EgressPolicy(
      { allow: ['127.0.0.0/8'], ownPorts: [], demoBrokerPort: null },
      tenancy(true),
      lookup,
    );
    expect(
      await postWebhook(new URL(`http://127.0.0.1:${port}/alerts`), JSON_HEADERS, '{}', opened, CALLER),
    ).toBe(204);
  });
});
