import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import mqtt from 'mqtt';
import { createChirpstackV3Parser } from '../chirpstack-v3/chirpstack-v3-parser';
import {
  MOSQUITTO_BINARY,
  mosquittoInstalled,
  type RunningMosquitto,
  startMosquitto,
} from '../testing/mosquitto';
import { RecordingSink, waitFor } from '../testing/recording-sink';
import { MqttCollector } from './mqtt-collector';

const UP_TOPIC = 'gateway/7276ff002e062c18/event/up';

const TITLE = 'MqttCollector against a real Mosquitto';
// Decided when jest loads the file: without the broker the test is reported as skipped, with the reason.
const skipReason = mosquittoInstalled()
  ? undefined
  : `mosquitto is not installed at ${MOSQUITTO_BINARY} (apt-get install mosquitto, or set MOSQUITTO_BINARY)`;
// Straight to stdout: jest keeps the console output of a suite whose tests are all skipped to itself.
if (skipReason) process.stdout.write(`skipped: ${TITLE}: ${skipReason}\n`);

(skipReason ? describe.skip : describe)(skipReason ? `${TITLE} (skipped: ${skipReason})` : TITLE, () => {
  let mosquitto: RunningMosquitto;
  beforeAll(async () => {
    mosquitto = await startMosquitto();
  });
  afterAll(async () => {
    await mosquitto.stop();
  });

  it('receives QoS 1 uplinks as packets and redelivers what the sink did not take', async () => {
    const url = `mqtt://127.0.0.1:${mosquitto.port}`;
    const options = { url, dataSourceId: 21, organizationId: 1, parse: createChirpstackV3Parser() };
    const stuck = new RecordingSink();
    stuck.deliver = () => new Promise<void>(() => undefined);
    const first = new MqttCollector(options, stuck);
    const sink = new RecordingSink();
    const second = new MqttCollector(options, sink);
    const publisher = await mqtt.connectAsync(url);
    // Whatever fails, no client may outlive the test: a reconnecting one would outlive the test run too.
    try {
      first.start();
      await waitFor(() => stuck.statusNames().includes('CONNECTED'), 'CONNECTED');
      await publisher.publishAsync(UP_TOPIC, readFixtureText('chirpstack-v3/gw-event-up.json'), { qos: 1 });
      await waitFor(() => first.counters().received === 1, 'the message');
      await first.stop();

      second.start();
      await waitFor(() => sink.packets.length === 1, 'the redelivered message');
      expect(sink.packets[0]).toMatchObject({ mType: 'JoinRequest', gateway: '7276ff002e062c18', rssi: -55 });
    } finally {
      await first.stop();
      await second.stop();
      await publisher.endAsync(true);
    }
  });
});
