import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { GroupAppender } from '@lorawatch/packet-log/group-appender';
import { type DemoBroker, startDemoBroker } from '@lorawatch/simulator/demo-broker';
import { NetworkSimulator, type SimMessage } from '@lorawatch/simulator/network-simulator';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import mqtt, { type MqttClient } from 'mqtt';
import { createChirpstackV3Parser } from '../chirpstack-v3/chirpstack-v3-parser';
import { RecordingSink, waitFor } from '../testing/recording-sink';
import { MqttCollector, type MqttCollectorOptions } from './mqtt-collector';

const UP_TOPIC = 'gateway/7276ff002e062c18/event/up';
const UPLINK = readFixtureText('chirpstack-v3/gw-event-up.json');
const STATS = readFixtureText('chirpstack-v3/gw-event-stats.json');

describe('MqttCollector against an in-process aedes broker', () => {
  let broker: DemoBroker;
  let publisher: MqttClient;
  const collectors: MqttCollector[] = [];

  beforeEach(async () => {
    broker = await startDemoBroker(0);
    publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, { reconnectPeriod: 200 });
  });

  afterEach(async () => {
    await Promise.all(collectors.splice(0).map((collector) => collector.stop()));
    await publisher.endAsync(true);
    await broker.close();
  });

  function startCollector(sink: RecordingSink, overrides: Partial<MqttCollectorOptions> = {}): MqttCollector {
    const collector = new MqttCollector(
      {
        url: `mqtt://127.0.0.1:${broker.port}`,
        dataSourceId: 11,
        organizationId: 2,
        parse: createChirpstackV3Parser(),
        reconnectPeriodMs: 100,
        maxReconnectPeriodMs: 400,
        ...overrides,
      },
      sink,
    );
    collectors.push(collector);
    collector.start();
    return collector;
  }

  it('turns QoS 1 messages into packets and gateway updates, and counts malformed ones', async () => {
    const sink = new RecordingSink();
    const collector = startCollector(sink);
    await waitFor(() => sink.statusNames().includes('CONNECTED'), 'CONNECTED');

    await publisher.publishAsync(UP_TOPIC, UPLINK, { qos: 1 });
    await publisher.publishAsync('gateway/7276ff002e062c18/event/stats', STATS, { qos: 1 });
    await publisher.publishAsync(UP_TOPIC, '{"phyPayload": 12}', { qos: 1 });
    await publisher.publishAsync(UP_TOPIC, Buffer.from([0x0a, 0x05, 0x02]), { qos: 1 });
    await waitFor(() => collector.counters().received === 4, 'four messages');

    expect(sink.packets).toHaveLength(1);
    expect(sink.packets[0]).toMatchObject({
      dataSourceId: 11,
      organizationId: 2,
      mType: 'JoinRequest',
      rssi: -55,
    });
    expect(sink.gateways).toEqual([
      { gateway: '7276ff002e062c18', location: { latitude: 1.12345, longitude: 2.12345, altitude: 10 } },
    ]);
    expect(sink.malformed).toEqual([
      { reason: 'phyPayload must be a string', topic: UP_TOPIC },
      { reason: expect.stringContaining('protobuf'), topic: UP_TOPIC },
    ]);
    expect(collector.counters()).toMatchObject({ received: 4, packets: 1, malformed: 2 });
    expect(collector.counters().lastMessageAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(collector.clientId).toBe('lorawatch-ds-11');
  });

  it('acknowledges only after the sink: a message the sink never took is redelivered to the next collector', async () => {
    const stuck = new RecordingSink();
    stuck.deliver = () => new Promise<void>(() => undefined);
    const first = startCollector(stuck);
    await waitFor(() => stuck.statusNames().includes('CONNECTED'), 'CONNECTED');
    await publisher.publishAsync(UP_TOPIC, UPLINK, { qos: 1 });
    await waitFor(() => first.counters().received === 1, 'the message at the first collector');
    await first.stop();

    const sink = new RecordingSink();
    startCollector(sink);
    await waitFor(() => sink.packets.length === 1, 'the redelivered message');
    expect(sink.packets[0].mType).toBe('JoinRequest');
  });

  it('does not redeliver what the sink took', async () => {
    const sink = new RecordingSink();
    const first = startCollector(sink);
    await waitFor(() => sink.statusNames().includes('CONNECTED'), 'CONNECTED');
    await publisher.publishAsync(UP_TOPIC, UPLINK, { qos: 1 });
    await waitFor(() => sink.packets.length === 1, 'the message');
    await first.stop();

    const next = new RecordingSink();
    const second = startCollector(next);
    await waitFor(() => next.statusNames().includes('CONNECTED'), 'CONNECTED again');
    await publisher.publishAsync('gateway/7276ff002e062c18/state/conn', '{"state":"ONLINE"}', { qos: 1 });
    await waitFor(() => second.counters().received === 1, 'the next message');
    expect(next.packets).toHaveLength(0);
  });

  it('stores a burst through a group appender: every frame once, in far fewer appends, all acknowledged', async () => {
    const db = openDatabase(':memory:');
    const log = new SqlitePacketLog(db, { partitions: 2 });
    const appends: number[] = [];
    const appender = new GroupAppender({
      append: (packets) => {
        appends.push(packets.length);
        return log.append(packets);
      },
    });
    const sink = new RecordingSink();
    sink.deliver = async (packets) => void (await appender.append(packets));
    const messages = burst(1500);
    const frames = framesIn(messages);
    try {
      const collector = startCollector(sink);
      await waitFor(() => sink.statusNames().includes('CONNECTED'), 'CONNECTED');
      await Promise.all(
        messages.map((message) => publisher.publishAsync(message.topic, message.payload, { qos: 1 })),
      );
      await waitFor(() => collector.counters().received === messages.length, 'every message');
      await waitFor(() => sink.packets.length === frames, 'every frame stored');

      const ids = new Set(sink.packets.map((packet) => packet.id));
      expect(frames).toBeGreaterThan(1000);
      const ends = await log.endOffsets();
      expect(ends[0] + ends[1]).toBe(ids.size);
      expect(appends.reduce((sum, size) => sum + size, 0)).toBe(frames);
      expect(appends.length).toBeLessThan(frames / 4);

      // Everything was acknowledged: the session has nothing to redeliver to the next collector.
      await collector.stop();
      const next = new RecordingSink();
      const second = startCollector(next);
      await waitFor(() => next.statusNames().includes('CONNECTED'), 'CONNECTED again');
      await publisher.publishAsync('gateway/7276ff002e062c18/state/conn', '{"state":"ONLINE"}', { qos: 1 });
      await waitFor(() => second.counters().received === 1, 'the next message');
      expect(next.packets).toHaveLength(0);
    } finally {
      await log.close();
      db.close();
    }
  });

  it('reconnects when the sink fails, so the broker redelivers the message', async () => {
    const sink = new RecordingSink();
    let failures = 0;
    sink.deliver = async () => {
      if (failures === 0) {
        failures += 1;
        throw new Error('disk full');
      }
    };
    startCollector(sink);
    await waitFor(() => sink.statusNames().includes('CONNECTED'), 'CONNECTED');
    await publisher.publishAsync(UP_TOPIC, UPLINK, { qos: 1 });
    await waitFor(() => sink.packets.length === 1, 'the redelivered message');
    // The redelivery can overtake the SUBACK of the new session, after which CONNECTED is reported.
    await waitFor(() => sink.statuses.length === 3, 'CONNECTED again');

    expect(sink.statuses).toEqual([
      { status: 'CONNECTED' },
      { status: 'DISCONNECTED', error: 'sink failed: disk full' },
      { status: 'CONNECTED' },
    ]);
  });

  it('reports CONNECTED, DISCONNECTED when the broker goes away, and CONNECTED when it is back, once each', async () => {
    const sink = new RecordingSink();
    const collector = startCollector(sink);
    await waitFor(() => sink.statusNames().includes('CONNECTED'), 'CONNECTED');
    const port = broker.port;

    await broker.close();
    await waitFor(() => sink.statusNames().includes('DISCONNECTED'), 'DISCONNECTED');
    // Several reconnect attempts fail meanwhile; none of them may report again.
    await new Promise((resolve) => setTimeout(resolve, 800));
    broker = await startDemoBroker(port);
    await waitFor(() => sink.statusNames().length === 3, 'CONNECTED again');

    expect(sink.statusNames()).toEqual(['CONNECTED', 'DISCONNECTED', 'CONNECTED']);
    await publisher.publishAsync(UP_TOPIC, UPLINK, { qos: 1 });
    await waitFor(() => sink.packets.length === 1, 'a message after the restart');
    await collector.stop();
    expect(sink.statusNames()).toEqual(['CONNECTED', 'DISCONNECTED', 'CONNECTED', 'DISCONNECTED']);
  });

  it('reports DISCONNECTED with the reason when no broker answers', async () => {
    const sink = new RecordingSink();
    const port = broker.port;
    await broker.close();
    startCollector(sink, { url: `mqtt://127.0.0.1:${port}` });
    await waitFor(() => sink.statuses.length === 1, 'a status');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.statuses).toEqual([
      { status: 'DISCONNECTED', error: expect.stringContaining('ECONNREFUSED') },
    ]);
    broker = await startDemoBroker(port);
  });
});

/** Distinct ChirpStack v3 gateway messages (uplinks of many devices, joins, stats) from the traffic simulator. */
function burst(count: number): SimMessage[] {
  const simulator = new NetworkSimulator({ devices: 200, gateways: 4, seed: 3 });
  const messages: SimMessage[] = [];
  while (messages.length < count) messages.push(...simulator.next().filter((message) => !message.retain));
  return messages.slice(0, count);
}

function framesIn(messages: SimMessage[]): number {
  const parse = createChirpstackV3Parser();
  const context = { dataSourceId: 11, organizationId: 2, receivedAt: new Date().toISOString() };
  return messages.reduce((count, message) => {
    const outcome = parse(message.topic, message.payload, context);
    return count + (outcome.kind === 'packets' ? outcome.packets.length : 0);
  }, 0);
}
