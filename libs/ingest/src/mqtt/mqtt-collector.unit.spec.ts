import { CHIRPSTACK_V4_TOPICS } from '../chirpstack-v4/chirpstack-v4-topics';
import { parseChirpstackV4Message } from '../chirpstack-v4/parse-chirpstack-v4-message';
import { RecordingSink } from '../testing/recording-sink';
import { MqttCollector } from './mqtt-collector';

describe('MqttCollector configuration', () => {
  const options = {
    url: 'mqtt://127.0.0.1:1883',
    dataSourceId: 1,
    organizationId: 1,
    parse: parseChirpstackV4Message,
  };

  it('refuses shared subscriptions, which would take messages away from the network server', () => {
    expect(
      () =>
        new MqttCollector(
          { ...options, topics: ['$share/chirpstack/eu868/gateway/+/event/+'] },
          new RecordingSink(),
        ),
    ).toThrow(/never uses shared subscriptions/);
  });

  it('accepts the ChirpStack v4 topics', () => {
    expect(
      () => new MqttCollector({ ...options, topics: CHIRPSTACK_V4_TOPICS }, new RecordingSink()),
    ).not.toThrow();
  });
});
