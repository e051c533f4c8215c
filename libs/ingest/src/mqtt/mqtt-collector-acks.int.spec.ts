import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import { createChirpstackV3Parser } from '../chirpstack-v3/chirpstack-v3-parser';
import { RecordingSink, waitFor } from '../testing/recording-sink';
import { ScriptedBroker } from '../testing/scripted-broker';
import { MqttCollector, type MqttCollectorOptions } from './mqtt-collector';

const UP_TOPIC = 'gateway/7276ff002e062c18/event/up';
const UPLINK = readFixtureText('chirpstack-v3/gw-event-up.json');
const STATS_TOPIC = 'gateway/7276ff002e062c18/event/stats';
const STATS = readFixtureText('chirpstack-v3/gw-event-stats.json');

/** A sink whose deliveries wait until the test settles them, one by one, in any order. */
class HeldSink extends RecordingSink {
  readonly held: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  constructor() {
    super();
    this.deliver = () => new Promise<void>((resolve, reject) => this.held.push({ resolve, reject }));
  }
}

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 150));
}

describe('MqttCollector acknowledgements, seen on the wire', () => {
  let broker: ScriptedBroker;
  const collectors: MqttCollector[] = [];

  beforeEach(async () => {
    broker = await ScriptedBroker.start();
  });

  afterEach(async () => {
    await Promise.all(collectors.splice(0).map((collector) => collector.stop()));
    await broker.close();
  });

  async function connect(sink: RecordingSink, overrides: Partial<MqttCollectorOptions> = {}) {
    const collector = new MqttCollector(
      {
        url: `mqtt://127.0.0.1:${broker.port}`,
        dataSourceId: 5,
        organizationId: 1,
        parse: createChirpstackV3Parser(),
        reconnectPeriodMs: 100,
        ...overrides,
      },
      sink,
    );
    collectors.push(collector);
    collector.start();
    await waitFor(() => broker.subscribed, 'the subscription');
    return collector;
  }

  it('reads on while earlier messages are stored, and acknowledges them in arrival order', async () => {
    const sink = new HeldSink();
    await connect(sink);
    for (const messageId of [11, 12, 13, 14, 15]) broker.publish(UP_TOPIC, UPLINK, { messageId });

    // Every message is with the sink at once: none waits for the acknowledgement of the one before.
    await waitFor(() => sink.held.length === 5, 'five deliveries in flight');
    expect(broker.pubacks).toEqual([]);

    sink.held[2].resolve();
    await settle();
    expect(broker.pubacks).toEqual([]);

    sink.held[0].resolve();
    await waitFor(() => broker.pubacks.length === 1, 'the first PUBACK');
    sink.held[1].resolve();
    await waitFor(() => broker.pubacks.length === 3, 'three PUBACKs');
    sink.held[4].resolve();
    await settle();
    expect(broker.pubacks).toEqual([11, 12, 13]);

    sink.held[3].resolve();
    await waitFor(() => broker.pubacks.length === 5, 'five PUBACKs');
    await settle();
    // Each message acknowledged exactly once, by the collector, in the order of the PUBLISH packets.
    expect(broker.pubacks).toEqual([11, 12, 13, 14, 15]);
    expect(sink.packets).toHaveLength(5);
  });

  it('reads no further than maxUnacknowledged messages ahead of the acknowledgements', async () => {
    const sink = new HeldSink();
    const collector = await connect(sink, { maxUnacknowledged: 2 });
    for (const messageId of [1, 2, 3, 4]) broker.publish(UP_TOPIC, UPLINK, { messageId });

    await waitFor(() => sink.held.length === 2, 'two deliveries');
    await settle();
    expect(sink.held).toHaveLength(2);
    expect(collector.counters().received).toBe(2);

    sink.held[0].resolve();
    await waitFor(() => sink.held.length === 3, 'the third delivery');
    expect(broker.pubacks).toEqual([1]);
    for (const held of sink.held.slice(1)) held.resolve();
    await waitFor(() => sink.held.length === 4, 'the fourth delivery');
    sink.held[3].resolve();
    await waitFor(() => broker.pubacks.length === 4, 'four PUBACKs');
    expect(broker.pubacks).toEqual([1, 2, 3, 4]);
  });

  it('acknowledges a message with nothing to store only after the messages before it', async () => {
    const sink = new HeldSink();
    const collector = await connect(sink);
    broker.publish(UP_TOPIC, UPLINK, { messageId: 1 });
    broker.publish(UP_TOPIC, '{"phyPayload": 12}', { messageId: 2 });
    broker.publish(STATS_TOPIC, STATS, { messageId: 3 });
    broker.publish('gateway/7276ff002e062c18/state/conn', '{"state":"ONLINE"}', { messageId: 4 });

    await waitFor(() => collector.counters().received === 4, 'four messages');
    await settle();
    expect(broker.pubacks).toEqual([]);
    expect(collector.counters()).toMatchObject({ received: 4, malformed: 1, packets: 0 });
    expect(sink.malformed).toEqual([{ reason: 'phyPayload must be a string', topic: UP_TOPIC }]);

    sink.held[0].resolve();
    await waitFor(() => broker.pubacks.length === 4, 'four PUBACKs');
    expect(broker.pubacks).toEqual([1, 2, 3, 4]);
    expect(collector.counters()).toMatchObject({ received: 4, malformed: 1, packets: 1 });
  });

  it('when a message cannot be stored, acknowledges none after it on that connection and reconnects', async () => {
    const sink = new HeldSink();
    await connect(sink);
    for (const messageId of [1, 2, 3]) broker.publish(UP_TOPIC, UPLINK, { messageId });
    await waitFor(() => sink.held.length === 3, 'three deliveries');

    sink.held[0].resolve();
    await waitFor(() => broker.pubacks.length === 1, 'the first PUBACK');
    sink.held[2].resolve();
    sink.held[1].reject(new Error('disk full'));
    await waitFor(() => broker.connects === 2, 'a new connection');
    await settle();

    expect(broker.pubacks).toEqual([1]);
    expect(sink.statuses).toContainEqual({ status: 'DISCONNECTED', error: 'sink failed: disk full' });
  });

  it('passes QoS 0 messages on without acknowledging them', async () => {
    const sink = new RecordingSink();
    const collector = await connect(sink);
    broker.publish(UP_TOPIC, UPLINK, { messageId: 0, qos: 0 });
    broker.publish(UP_TOPIC, UPLINK, { messageId: 7 });

    await waitFor(() => broker.pubacks.length === 1, 'the PUBACK of the QoS 1 message');
    expect(broker.pubacks).toEqual([7]);
    expect(collector.counters()).toMatchObject({ received: 2, packets: 2 });
  });
});
