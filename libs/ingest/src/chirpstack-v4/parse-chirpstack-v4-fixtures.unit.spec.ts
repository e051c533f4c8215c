import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import { onlyPacket, TEST_CONTEXT } from '../testing/outcomes';
import { parseChirpstackV4Message } from './parse-chirpstack-v4-message';

/** Every file of test/fixtures/chirpstack-v4, against the decode the fixtures README documents. */
function parseFixture(topic: string, file: string) {
  return parseChirpstackV4Message(topic, Buffer.from(readFixtureText(`chirpstack-v4/${file}`)), TEST_CONTEXT);
}

describe('parseChirpstackV4Message over the ChirpStack v4 fixtures', () => {
  it.each(['eu868/gateway/0016c001f153a14c/event/up', 'gateway/0016c001f153a14c/event/up'])(
    'gw-event-up.json on %s is a confirmed data up with its radio metadata',
    (topic) => {
      const packet = onlyPacket(parseFixture(topic, 'gw-event-up.json'));
      expect(packet).toMatchObject({
        organizationId: 3,
        dataSourceId: 7,
        source: 'chirpstack_v4_collector',
        topic,
        direction: 'up',
        mType: 'ConfirmedDataUp',
        major: 0,
        gateway: '0016c001f153a14c',
        devAddr: '016afea6',
        fCount: 5,
        fPort: 1,
        mic: '873a7304',
        devEui: null,
        size: 14,
        data: 'gKb+agGABQABOIc6cwQ=',
        rssi: -52,
        lsnr: 13.75,
        frequency: 867300000,
        spreadingFactor: 7,
        bandwidth: 125000,
        codeRate: '4/5',
        tmst: 3339482137,
        crcOk: null,
        latitude: null,
        // The pre-4.6 field name `time`, read as the gateway time.
        date: '2022-08-03T14:37:43.383Z',
        receivedAt: TEST_CONTEXT.receivedAt,
      });
      expect(packet.id).toMatch(/^[0-9a-f]{32}$/);
    },
  );

  it('gw-event-stats.json names the gateway (it reports no location)', () => {
    expect(parseFixture('eu868/gateway/0016c001f153a14c/event/stats', 'gw-event-stats.json')).toEqual({
      kind: 'gateway',
      gateway: '0016c001f153a14c',
    });
  });

  it('gw-state-conn.json says the gateway is online', () => {
    expect(parseFixture('eu868/gateway/0016c001f153a14c/state/conn', 'gw-state-conn.json')).toEqual({
      kind: 'gateway',
      gateway: '0016c001f153a14c',
      online: true,
    });
  });

  it('gw-event-ack.json carries no frame and is ignored', () => {
    expect(parseFixture('eu868/gateway/0016c001f153a14c/event/ack', 'gw-event-ack.json').kind).toBe(
      'ignored',
    );
  });

  it.each([
    ['up', 'app-event-up.json'],
    ['join', 'app-event-join.json'],
  ])('app-event-%s.json (%s) binds its DevAddr to its DevEUI', (type, file) => {
    const topic = `application/17c82e96-be03-4f38-aef3-f83d48582d97/device/0101010101010101/event/${type}`;
    expect(parseFixture(topic, file)).toEqual({
      kind: 'device',
      devEui: '0101010101010101',
      devAddr: '00189440',
      deviceName: 'Test device',
      applicationName: 'Test application',
    });
  });

  it('app-event-log.json carries no binding and is ignored', () => {
    const topic = 'application/17c82e96-be03-4f38-aef3-f83d48582d97/device/0101010101010101/event/log';
    expect(parseFixture(topic, 'app-event-log.json')).toEqual({
      kind: 'ignored',
      reason: 'application event/log messages carry no DevAddr to DevEUI mapping',
    });
  });
});
