import { existsSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { startApp, type Harness } from './support/app-harness';
import { downlinkMessage, uplinkMessage } from './support/chirpstack-v3-messages';
import { storedUserToken } from './support/callers';
import { describeOrSkip } from './support/describe-or-skip';
import { MOSQUITTO, startMosquitto, type Mosquitto } from './support/mosquitto';
import { waitFor } from './support/wait-for';

interface NewAlert {
  alert_id: number;
  alert: { id: number; type: string; parameters: Record<string, unknown>; data_collector_name: string };
}

// A random key: a well-known one would also (rightly) raise the weak-AppKey alerts.
const APP_KEY = Buffer.from('8e4f1c0d93a7b25e6f04d1c8a39b7e12', 'hex');
const DEVICE = { joinEui: '70b3d57ed0000001', devEui: '0004a30b001c0530' };
const GATEWAYS = ['7276ff002e062c18', '00800000a0000825'];

/** The brokers the slice runs over; Mosquitto's tests are reported as skipped where it is not installed. */
const BROKERS: Array<{ brokerName: string; skipReason?: string; startBroker: () => Promise<BrokerHandle> }> =
  [
    { brokerName: 'aedes', startBroker: () => startDemoBroker(0) },
    {
      brokerName: 'mosquitto',
      skipReason: existsSync(MOSQUITTO)
        ? undefined
        : `mosquitto is not installed at ${MOSQUITTO} (apt-get install mosquitto)`,
      startBroker: () => startMosquitto(),
    },
  ];

/**
 * The whole slice over a real MQTT broker: ChirpStack v3 gateway messages → collector → packet log →
 * detectors → event store → alerts read model → REST and websocket, organization-scoped.
 */
for (const { brokerName, skipReason, startBroker } of BROKERS)
  describeOrSkip(skipReason, `a join replay on a ${brokerName} broker`, () => {
    let broker: BrokerHandle;
    let harness: Harness;
    let admin: string;
    let publisher: MqttClient;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      broker = await startBroker();
      harness = await startApp();
      admin = await harness.adminToken();
      publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
        clientId: `publisher-${brokerName}`,
      });
    });

    afterAll(async () => {
      sockets.forEach((socket) => socket.close());
      await publisher?.endAsync();
      await harness?.close();
      await broker?.close();
    });

    it('raises LAF-001 and LAF-003 live, to this organization only', async () => {
      const auth = { Authorization: `Bearer ${admin}` };
      const created = await harness.http
        .post('/api/v1.0/data_collectors')
        .set(auth)
        .send({
          name: `Broker ${brokerName}`,
          description: '',
          data_collector_type_id: 1,
          policy_id: 1,
          ip: '127.0.0.1',
          port: broker.port,
        })
        .expect(200);
      const dataSourceId = created.body.id as number;
      await waitFor(
        async () => {
          const response = await harness.http.get(`/api/v1.0/data_collectors/${dataSourceId}`).set(auth);
          return response.body.status === 'CONNECTED' ? true : null;
        },
        15_000,
        'the data source to connect',
      );

      const received: NewAlert[] = [];
      const mine = await authorizedSocket(harness.url, admin);
      mine.on('new_alert', (message: NewAlert) => received.push(message));
      const foreign: NewAlert[] = [];
      const outsider = await authorizedSocket(harness.url, await foreignToken(harness));
      outsider.on('new_alert', (message: NewAlert) => foreign.push(message));
      sockets.push(mine, outsider);

      const start = Date.now() - 120_000;
      const joinRequest = buildJoinRequest({ appKey: APP_KEY, ...DEVICE, devNonce: 0x1234 });
      const joinAccept = buildJoinAccept({
        appKey: APP_KEY,
        joinNonce: 1,
        netId: '000013',
        devAddr: '26011234',
      });
      // One transmission heard by two gateways, answered by the network, then replayed a minute later.
      await publish(publisher, uplinkMessage(GATEWAYS[0], joinRequest, { time: new Date(start), rssi: -70 }));
      await publish(
        publisher,
        uplinkMessage(GATEWAYS[1], joinRequest, { time: new Date(start + 40), rssi: -95 }),
      );
      await publish(publisher, downlinkMessage(GATEWAYS[0], joinAccept));
      await waitFor(async () => (received.length >= 3 ? true : null), 15_000, 'the discovery alerts');
      await publish(
        publisher,
        uplinkMessage(GATEWAYS[0], joinRequest, { time: new Date(start + 60_000), rssi: -40 }),
      );

      await waitFor(
        async () =>
          ['LAF-001', 'LAF-003'].every((code) => received.some((m) => m.alert.type === code)) ? true : null,
        15_000,
        'LAF-001 and LAF-003 on the websocket',
      );
      const codes = received.map((message) => message.alert.type).sort();
      expect(codes).toEqual(['LAF-001', 'LAF-003', 'LAF-400', 'LAF-402', 'LAF-402']);
      const replay = received.find((message) => message.alert.type === 'LAF-001')!;
      expect(replay.alert.parameters).toMatchObject({
        dev_eui: DEVICE.devEui,
        dev_nonce: 0x1234,
        gateway: GATEWAYS[0],
      });
      expect(replay.alert.data_collector_name).toBe(`Broker ${brokerName}`);

      const list = await harness.http
        .get('/api/v1.0/alerts?include_parameters=true&page=0&size=50')
        .set(auth)
        .expect(200);
      expect((list.body as Array<{ id: number }>).map((alert) => alert.id).sort()).toEqual(
        received.map((m) => m.alert_id).sort(),
      );
      const laf003 = await harness.http
        .get('/api/v1.0/alerts?type[]=LAF-003&include_parameters=true')
        .set(auth)
        .expect(200);
      expect(laf003.body).toHaveLength(1);
      expect(laf003.body[0].parameters.prev_packet_data).toMatchObject({
        m_type: 'JoinRequest',
        dev_eui: DEVICE.devEui,
      });
      const count = await harness.http
        .get('/api/v1.0/alerts/count?group_by=TOTAL&risk[]=MEDIUM')
        .set(auth)
        .expect(200);
      expect(count.body).toEqual({ count: 2 });
      expect(foreign).toEqual([]);
    });

    it('counts malformed messages and keeps ingesting', async () => {
      const metricsBefore = malformedTotal((await harness.http.get('/metrics')).text);
      for (const payload of ['not json', '{"phyPayload":"@@@"}', '{"phyPayload":"AAEC"}', '{"rxInfo":42}']) {
        await publishAsync(publisher, `gateway/${GATEWAYS[0]}/event/up`, Buffer.from(payload));
      }
      await waitFor(
        async () =>
          malformedTotal((await harness.http.get('/metrics')).text) >= metricsBefore + 4 ? true : null,
        10_000,
        'the malformed counter',
      );
      await harness.http.get('/health').expect(200);
    });
  });

type BrokerHandle = DemoBroker | Mosquitto;

function malformedTotal(metrics: string): number {
  return metrics
    .split('\n')
    .filter((line) => line.startsWith('lorawatch_collector_malformed_total'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

async function publish(client: MqttClient, message: { topic: string; payload: Buffer }): Promise<void> {
  await publishAsync(client, message.topic, message.payload);
}

async function publishAsync(client: MqttClient, topic: string, payload: Buffer): Promise<void> {
  await client.publishAsync(topic, payload, { qos: 1 });
}

async function authorizedSocket(url: string, token: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const answer = await socket.timeout(5000).emitWithAck('authorization', { token });
  expect(answer).toEqual({ ok: true });
  return socket;
}

/** An access token of another organization, signed like the server's own. */
function foreignToken(harness: Harness): Promise<string> {
  return storedUserToken(harness, { userId: 999, username: 'outsider', organizationId: 77, roles: [2] });
}
