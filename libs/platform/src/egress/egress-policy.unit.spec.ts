import {
  EgressPolicy,
  EgressRefusedError,
  type EgressCaller,
  type EgressRules,
  type EgressTenancy,
} from './egress-policy';
import { isValidCidr } from '@lorawatch/config/cidr';

const API_PORT = 8080;
const METRICS_PORT = 9464;
const DEMO_PORT = 1884;
const DEMO_OWNER = 1;
const RULES: EgressRules = { allow: [], ownPorts: [API_PORT, METRICS_PORT], demoBrokerPort: DEMO_PORT };

/** A fixed answer to the two questions the rules ask of the organisations. */
const tenancy = (shared: boolean): EgressTenancy => ({
  shared: () => Promise.resolve(shared),
  demoOwner: () => Promise.resolve(DEMO_OWNER),
});

const owner: EgressCaller = { organizationId: DEMO_OWNER };
const other: EgressCaller = { organizationId: 2 };
const operator: EgressCaller = { operator: true };

type Row = [
  label: string,
  host: string,
  port: number,
  caller: EgressCaller,
  shared: boolean,
  allowed: boolean,
];

describe('egress policy', () => {
  const rows: Row[] = [
    ['metadata address', '169.254.169.254', 80, owner, false, false],
    ['metadata address, IPv4-mapped', '::ffff:169.254.169.254', 80, owner, false, false],
    ['metadata address, IPv4-mapped hex', '::ffff:a9fe:a9fe', 80, owner, false, false],
    ['metadata address through NAT64', '64:ff9b::a9fe:a9fe', 80, owner, false, false],
    ['IPv6 link-local', 'fe80::1', 1883, owner, false, false],
    ['IPv6 link-local in brackets', '[fe80::1]', 1883, owner, false, false],
    ['this-host range', '0.0.0.0', 1883, owner, false, false],
    ['operator to a metadata address', '169.254.169.254', 25, operator, false, false],
    ["this server's API port on loopback", '127.0.0.1', API_PORT, owner, false, false],
    ["this server's API port, IPv6 loopback", '::1', API_PORT, owner, false, false],
    ["this server's API port, IPv4-mapped loopback", '::ffff:127.0.0.1', API_PORT, owner, false, false],
    ["this server's metrics port on loopback", '127.0.0.2', METRICS_PORT, owner, false, false],
    ['operator to the API port', '127.0.0.1', API_PORT, operator, false, false],
    ['the same port number on another host', '93.184.216.36', API_PORT, owner, true, true],
    ['demo broker, its owner', '127.0.0.1', DEMO_PORT, owner, false, true],
    ['demo broker, its owner on a shared install', '127.0.0.1', DEMO_PORT, owner, true, true],
    ['demo broker, another organisation', '127.0.0.1', DEMO_PORT, other, true, false],
    ['demo broker, operator', '127.0.0.1', DEMO_PORT, operator, false, false],
    ['loopback broker, single organisation', '127.0.0.1', 1883, owner, false, true],
    ['private broker, single organisation', '10.1.2.3', 1883, other, false, true],
    ['loopback broker, shared install', '127.0.0.1', 1883, owner, true, false],
    ['private broker, shared install', '192.168.1.5', 1883, other, true, false],
    ['unique-local broker, shared install', 'fd12:3456::1', 1883, other, true, false],
    ['public broker, shared install', '93.184.216.35', 8883, other, true, true],
    ['operator to a private SMTP server, shared install', '10.0.0.25', 587, operator, true, true],
    ['multicast', '224.0.0.1', 1883, owner, false, false],
  ];

  it.each(rows)('%s (%s:%d)', async (_label, host, port, caller, shared, allowed) => {
    const policy = new EgressPolicy(RULES, tenancy(shared));
    const outcome = policy.resolve(host, port, caller);
    if (allowed) await expect(outcome).resolves.toMatchObject({ port });
    else await expect(outcome).rejects.toBeInstanceOf(EgressRefusedError);
  });

  it('opens EGRESS_ALLOW ranges on a shared install, but never link-local, own ports or the demo broker', async () => {
    const policy = new EgressPolicy(
      { ...RULES, allow: ['10.20.0.0/16', '127.0.0.0/8', '169.254.0.0/16'] },
      tenancy(true),
    );
    await expect(policy.resolve('10.20.3.4', 1883, other)).resolves.toMatchObject({ address: '10.20.3.4' });
    await expect(policy.resolve('127.0.0.1', 1883, other)).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(policy.resolve('10.21.0.1', 1883, other)).rejects.toThrow('refused by policy');
    await expect(policy.resolve('169.254.169.254', 80, other)).rejects.toThrow('refused by policy');
    await expect(policy.resolve('127.0.0.1', API_PORT, other)).rejects.toThrow('refused by policy');
    await expect(policy.resolve('127.0.0.1', DEMO_PORT, other)).rejects.toThrow('refused by policy');
  });

  it('resolves a name once and judges the address it resolved to', async () => {
    const asked: string[] = [];
    const lookup = (host: string) => {
      asked.push(host);
      const address = host === 'metadata.example' ? '169.254.169.254' : '93.184.216.34';
      return Promise.resolve({ address, family: 4 });
    };
    const policy = new EgressPolicy(RULES, tenancy(false), lookup);
    await expect(policy.resolve('metadata.example', 80, owner)).rejects.toThrow(
      'Connection to metadata.example:80 refused by policy',
    );
    await expect(policy.resolve('broker.example', 8883, owner)).resolves.toEqual({
      host: 'broker.example',
      address: '93.184.216.34',
      family: 4,
      port: 8883,
    });
    expect(asked).toEqual(['metadata.example', 'broker.example']);
  });

  it('gives node a lookup that answers the checked address or the refusal', async () => {
    const lookup = (host: string) =>
      Promise.resolve({ address: host === 'inside.example' ? '10.0.0.1' : '93.184.216.34', family: 4 });
    const policy = new EgressPolicy(RULES, tenancy(true), lookup);
    const ask = (host: string) =>
      new Promise<{ error: Error | null; address: string }>((resolve) =>
        policy.lookupFor(443, other)(host, {}, (error, address) =>
          resolve({ error, address: String(address) }),
        ),
      );
    expect(await ask('outside.example')).toEqual({ error: null, address: '93.184.216.34' });
    expect((await ask('inside.example')).error).toBeInstanceOf(EgressRefusedError);
  });

  it('validates CIDR ranges', () => {
    expect(isValidCidr('10.0.0.0/8')).toBe(true);
    expect(isValidCidr('fd00::/8')).toBe(true);
    expect(isValidCidr('10.0.0.0')).toBe(false);
    expect(isValidCidr('10.0.0.0/33')).toBe(false);
  });
});
