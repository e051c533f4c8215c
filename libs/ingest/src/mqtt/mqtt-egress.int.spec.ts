import mqtt from 'mqtt';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { EgressPolicy, type EgressTenancy } from '@lorawatch/platform/egress/egress-policy';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { waitFor } from '../../../../test/support/wait-for';
import { createChirpstackV3Parser } from '../chirpstack-v3/chirpstack-v3-parser';
import { RecordingSink } from '../testing/recording-sink';
import { MqttCollector } from './mqtt-collector';
import { testMqttConnection } from './test-mqtt-connection';

const SINGLE: EgressTenancy = { shared: () => Promise.resolve(false), demoOwner: () => Promise.resolve(1) };
const CALLER = { organizationId: 1 };
const TIMEOUT_MS = 5000;

/** Names resolved at the edge: `broker.test` is this machine, `metadata.test` the cloud metadata address. */
const lookup = (host: string) => {
  const addresses: Record<string, string> = {
    'broker.test': '127.0.0.1',
    'metadata.test': '169.254.169.254',
  };
  const address = addresses[host];
  if (address === undefined)
    return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
  return Promise.resolve({ address, family: 4 });
};

describe('MQTT connections through the egress policy (real sockets on loopback)', () => {
  let broker: DemoBroker;
  const policy = new EgressPolicy({ allow: [], ownPorts: [], demoBrokerPort: null }, SINGLE, lookup);
  const egress = (host: string, port: number) => policy.resolve(host, port, CALLER);

  beforeAll(async () => {
    broker = await startDemoBroker(0);
  });
  afterAll(() => broker.close());

  it('connects to the address it checked: a name only the policy resolves works', async () => {
    const outcome = await testMqttConnection(
      { host: 'broker.test', port: broker.port, topics: ['gateway/+/event/up'] },
      TIMEOUT_MS,
      egress,
    );
    expect(outcome.type).toBe('SUCCESS');
  });

  it('refuses a name that resolves to a refused address, without connecting', async () => {
    const outcome = await testMqttConnection(
      { host: 'metadata.test', port: 1883, topics: ['gateway/+/event/up'] },
      TIMEOUT_MS,
      egress,
    );
    expect(outcome).toEqual({ type: 'ERROR', message: 'The connection was refused by policy' });
  });

  it("answers a coarse reason for a peer that is not a broker, never the peer's bytes", async () => {
    const sockets: Socket[] = [];
    const server: Server = createServer((socket) => {
      sockets.push(socket);
      socket.end('HTTP/1.1 400 Bad Request\r\nServer: internal-secret-banner\r\n\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const outcome = await testMqttConnection(
        { host: 'broker.test', port, topics: ['gateway/+/event/up'] },
        TIMEOUT_MS,
        egress,
      );
      expect(outcome).toEqual({ type: 'ERROR', message: 'Not an MQTT broker' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a collector refused by the policy reports it and never connects', async () => {
    const sink = new RecordingSink();
    const collector = new MqttCollector(
      {
        dataSourceId: 9,
        organizationId: 1,
        host: 'metadata.test',
        port: 1883,
        parse: createChirpstackV3Parser(),
        egress,
        reconnectPeriodMs: 50,
      },
      sink,
    );
    collector.start();
    try {
      const refused = await waitFor(
        () => Promise.resolve(sink.statuses.find((entry) => entry.status === 'DISCONNECTED') ?? null),
        TIMEOUT_MS,
        'refusal reported',
      );
      expect(refused.error).toContain('refused by policy');
      expect(sink.statusNames()).not.toContain('CONNECTED');
    } finally {
      await collector.stop();
    }
  });

  describe("a data source's persistent session", () => {
    /** Whether the broker still holds a session for this client id (CONNACK session present). */
    const sessionPresent = async (clientId: string): Promise<boolean> => {
      const client = mqtt.connect({
        host: '127.0.0.1',
        port: broker.port,
        protocol: 'mqtt',
        clientId,
        clean: false,
        reconnectPeriod: 0,
      });
      try {
        const connack = await new Promise<{ sessionPresent: boolean }>((resolve, reject) => {
          client.once('connect', resolve);
          client.once('error', reject);
        });
        return connack.sessionPresent;
      } finally {
        await client.endAsync();
      }
    };
    const connected = async (clientId: string) => {
      const sink = new RecordingSink();
      const collector = new MqttCollector(
        {
          dataSourceId: 3,
          organizationId: 1,
          host: 'broker.test',
          port: broker.port,
          clientId,
          parse: createChirpstackV3Parser(),
          egress,
        },
        sink,
      );
      collector.start();
      await waitFor(
        () => Promise.resolve(sink.statusNames().includes('CONNECTED') ? true : null),
        TIMEOUT_MS,
        'collector connected',
      );
      return collector;
    };

    it('outlives a stop (restarts lose nothing)', async () => {
      const collector = await connected('lorawatch-abc-ds-3');
      await collector.stop();
      expect(await sessionPresent('lorawatch-abc-ds-3')).toBe(true);
    });

    it('ends when the data source is deleted', async () => {
      const collector = await connected('lorawatch-abc-ds-4');
      expect(await collector.stopAndEndSession(TIMEOUT_MS)).toBe(true);
      expect(await sessionPresent('lorawatch-abc-ds-4')).toBe(false);
    });
  });
});
