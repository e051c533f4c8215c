import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import { captureLines, onlyPacket, TEST_CONTEXT } from '../testing/outcomes';
import { parseChirpstackV3Message } from './parse-chirpstack-v3-message';

/** Every file of test/fixtures/chirpstack-v3, against the decode the fixtures README documents. */
function parseFixture(topic: string, file: string) {
  return parseChirpstackV3Message(topic, Buffer.from(readFixtureText(`chirpstack-v3/${file}`)), TEST_CONTEXT);
}

describe('parseChirpstackV3Message over the ChirpStack v3 fixtures', () => {
  it('gw-event-up.json is a join request with its radio metadata', () => {
    const topic = 'gateway/7276ff002e062c18/event/up';
    const packet = onlyPacket(parseFixture(topic, 'gw-event-up.json'));
    expect(packet).toMatchObject({
      organizationId: 3,
      dataSourceId: 7,
      source: 'chirpstack_collector',
      topic,
      direction: 'up',
      mType: 'JoinRequest',
      major: 0,
      gateway: '7276ff002e062c18',
      joinEui: '0101010101010101',
      devEui: '0101010101010101',
      devNonce: 5783,
      devAddr: null,
      fCount: null,
      mic: '0ccb3f12',
      size: 23,
      data: 'AAEBAQEBAQEBAQEBAQEBAQGXFgzLPxI=',
      devEuiInferred: false,
      rssi: -55,
      lsnr: 15,
      frequency: 868300000,
      spreadingFactor: 11,
      bandwidth: 125000,
      codeRate: '4/5',
      tmst: 58692860,
      crcOk: null,
      latitude: null,
      date: '2018-07-26T15:15:58.599Z',
      receivedAt: TEST_CONTEXT.receivedAt,
    });
    expect(packet.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gw-event-stats.json gives the GPS location of the gateway', () => {
    expect(parseFixture('gateway/7276ff002e062c18/event/stats', 'gw-event-stats.json')).toEqual({
      kind: 'gateway',
      gateway: '7276ff002e062c18',
      location: { latitude: 1.12345, longitude: 2.12345, altitude: 10 },
    });
  });

  it('gw-state-conn.json says the gateway is online', () => {
    expect(parseFixture('gateway/7276ff002e062c18/state/conn', 'gw-state-conn.json')).toEqual({
      kind: 'gateway',
      gateway: '7276ff002e062c18',
      online: true,
    });
  });

  it('gw-event-ack.json carries no frame and is ignored', () => {
    expect(parseFixture('gateway/7276ff002e062c18/event/ack', 'gw-event-ack.json').kind).toBe('ignored');
  });

  it('legacy-v2json-gw-rx.json (LoRa Gateway Bridge 2.x) is a join request', () => {
    const packet = onlyPacket(parseFixture('gateway/1dee08d0b691d149/rx', 'legacy-v2json-gw-rx.json'));
    expect(packet).toMatchObject({
      mType: 'JoinRequest',
      direction: 'up',
      gateway: '1dee08d0b691d149',
      joinEui: '0101010101010101',
      devEui: '0202020202020202',
      devNonce: 13673,
      mic: 'bc6b021f',
      frequency: 868300000,
      spreadingFactor: 7,
      bandwidth: 125000,
      codeRate: '4/5',
      rssi: -57,
      lsnr: 7,
      crcOk: true,
      tmst: 2074240683,
      date: '2017-12-12T15:28:53.222Z',
    });
  });

  it('legacy-v2json-gw-stats.json gives the gateway location from top-level fields', () => {
    expect(parseFixture('gateway/1dee08d0b691d149/stats', 'legacy-v2json-gw-stats.json')).toEqual({
      kind: 'gateway',
      gateway: '1dee08d0b691d149',
      location: { latitude: 52.3740364, longitude: 4.9144401, altitude: 10 },
    });
  });

  it('legacy-2016-mosquitto-sub.txt: stats at 0,0 carry no location, the rx line is a join request', () => {
    const lines = captureLines(readFixtureText('chirpstack-v3/legacy-2016-mosquitto-sub.txt'));
    const outcomes = lines.map(({ topic, payload }) =>
      parseChirpstackV3Message(topic, payload, TEST_CONTEXT),
    );
    expect(outcomes[0]).toEqual({ kind: 'gateway', gateway: '1dee08d0b691d149' });
    expect(onlyPacket(outcomes[1])).toMatchObject({
      topic: 'gateway/1dee08d0b691d149/rx',
      mType: 'JoinRequest',
      gateway: '1dee08d0b691d149',
      joinEui: '0101010101010101',
      devEui: '0202020202020202',
      devNonce: 19571,
      mic: '80465d78',
      rssi: -48,
      lsnr: 10,
      spreadingFactor: 7,
      crcOk: true,
      tmst: 1623489499,
      date: '2016-04-16T10:08:30.005Z',
    });
    expect(outcomes[2]).toEqual({ kind: 'gateway', gateway: '1dee08d0b691d149' });
  });

  it('iotroam-2020-mosquitto-sub.txt: two real join requests of one device, context as tmst', () => {
    const lines = captureLines(readFixtureText('chirpstack-v3/iotroam-2020-mosquitto-sub.txt'));
    const [first, second] = lines.map(({ topic, payload }) =>
      onlyPacket(parseChirpstackV3Message(topic, payload, TEST_CONTEXT)),
    );
    const device = {
      mType: 'JoinRequest',
      gateway: '00800000a0000825',
      joinEui: '1556b9a5d60c62f9',
      devEui: '008000000000addb',
      spreadingFactor: 12,
      bandwidth: 125000,
      crcOk: null,
      latitude: null,
    };
    expect(first).toMatchObject({
      ...device,
      devNonce: 59503,
      mic: '3f5203c2',
      frequency: 868100000,
      rssi: -102,
      lsnr: 7.2,
      tmst: 0x5dcc178c,
      date: '2020-05-27T04:28:10.184Z',
    });
    expect(second).toMatchObject({
      ...device,
      devNonce: 39975,
      mic: '7ea4e18d',
      frequency: 868300000,
      rssi: -108,
      lsnr: -5.8,
    });
    expect(first.id).not.toBe(second.id);
  });

  it('app-event-join.json (json marshaler, base64 EUIs) binds its DevAddr to its DevEUI', () => {
    expect(parseFixture('application/123/device/0202020202020202/event/join', 'app-event-join.json')).toEqual(
      {
        kind: 'device',
        devEui: '0202020202020202',
        devAddr: '00513942',
        deviceName: 'garden-sensor',
        applicationName: 'temperature-sensor',
      },
    );
  });

  it.each([
    ['application/123/device/0202020202020202/event/up', 'app-event-up.json'],
    ['application/123/device/0202020202020202/rx', 'app-event-up-json-v3-legacy.json'],
  ])('%s (%s) names no DevAddr, so it teaches no mapping', (topic, file) => {
    expect(parseFixture(topic, file)).toEqual({
      kind: 'ignored',
      reason: 'application up event without devAddr: no device mapping to learn',
    });
  });
});
