import { type DemoBroker, startDemoBroker } from '@lorawatch/simulator/demo-broker';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import mqtt, { type MqttClient } from 'mqtt';
import { MqttCollector } from '../mqtt/mqtt-collector';
import { OFFICIAL_V4_PROTOBUF } from '../testing/protobuf-fixtures';
import { RecordingSink, waitFor } from '../testing/recording-sink';
import { CHIRPSTACK_V4_TOPICS } from './chirpstack-v4-topics';
import { createChirpstackV4Parser } from './chirpstack-v4-parser';

describe('a ChirpStack v4 collector against an in-process broker', () => {
  let broker: DemoBroker;
  let publisher: MqttClient;
  let collector: MqttCollector;

  beforeEach(async () => {
    broker = await startDemoBroker(0);
    publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`);
  });

  afterEach(async () => {
    await collector.stop();
    await publisher.endAsync(true);
    await broker.close();
  });

  it('receives both topic layouts once each, in both marshalers, and nothing it does not read', async () => {
    const sink = new RecordingSink();
    collector = new MqttCollector(
      {
        url: `mqtt://127.0.0.1:${broker.port}`,
        dataSourceId: 4,
        organizationId: 1,
        topics: CHIRPSTACK_V4_TOPICS,
        parse: createChirpstackV4Parser(),
      },
      sink,
    );
    collector.start();
    await waitFor(() => sink.statusNames().includes('CONNECTED'), 'CONNECTED');

    const messages: SimMessage[] = [];
    for (const format of ['chirpstack-v4-protobuf', 'chirpstack-v4-json'] as const) {
      const simulator = new NetworkSimulator({ devices: 3, gateways: 2, seed: 5, format });
      while (messages.length < (format === 'chirpstack-v4-json' ? 60 : 30))
        messages.push(...simulator.next());
    }
    for (const message of messages) {
      await publisher.publishAsync(message.topic, message.payload, { qos: 1, retain: message.retain });
    }
    // Without the region prefix (the Gateway Bridge v4 default), from the official generated classes.
    await publisher.publishAsync(
      'gateway/0016c001f153a14c/event/up',
      Buffer.from(OFFICIAL_V4_PROTOBUF.up, 'hex'),
      {
        qos: 1,
      },
    );
    // Topics outside the subscription: never delivered, so never counted.
    await publisher.publishAsync('eu868/gateway/0016c001f153a14c/event/ack', '{}', { qos: 1 });
    await publisher.publishAsync('application/x/device/0101010101010101/event/status', '{}', { qos: 1 });

    const expected = messages.length + 1;
    await waitFor(() => collector.counters().received === expected, `${expected} messages`);
    const frames = messages.filter((message) => message.kind === 'uplink' || message.kind === 'downlink');
    expect(sink.malformed).toEqual([]);
    expect(sink.packets).toHaveLength(frames.length + 1);
    expect(sink.gateways).toHaveLength(messages.length - frames.length);
    expect(sink.packets.at(-1)).toMatchObject({
      topic: 'gateway/0016c001f153a14c/event/up',
      devAddr: '016afea6',
    });
    expect(new Set(sink.packets.map((packet) => packet.source))).toEqual(
      new Set(['chirpstack_v4_collector']),
    );
  });
});
