import { buildDataDown } from '@lorawatch/lorawan/build-frames';
import { readFixtureJson } from '@lorawatch/lorawan/testing/fixtures';
import { onlyPacket, packetsOf, TEST_CONTEXT } from '../testing/outcomes';
import { parseChirpstackV3Message } from './parse-chirpstack-v3-message';

const GATEWAY_B64 = 'cnb/AC4GLBg=';
const TOPIC_UP = 'gateway/7276ff002e062c18/event/up';
const TOPIC_DOWN = 'gateway/7276ff002e062c18/command/down';

interface Handshake {
  join_accept: { phy_base64: string };
}
const JOIN_ACCEPT = readFixtureJson<Handshake>('lorawan/ttn-otaa-handshake-issue10.json').join_accept
  .phy_base64;

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

function uplink(rxInfo: Record<string, unknown>): Buffer {
  return json({
    phyPayload: 'AAEBAQEBAQEBAQEBAQEBAQGXFgzLPxI=',
    rxInfo: { gatewayID: GATEWAY_B64, ...rxInfo },
  });
}

describe('parseChirpstackV3Message', () => {
  describe('uplinks', () => {
    it('gives the same id to a re-delivery of the same message, and a different one otherwise', () => {
      const payload = uplink({ uplinkID: 'B1Oy7C2EQbuBKyLBTHrNuQ==' });
      const id = onlyPacket(parseChirpstackV3Message(TOPIC_UP, payload, TEST_CONTEXT)).id;
      const later = { ...TEST_CONTEXT, receivedAt: '2024-05-01T13:00:00.000Z' };
      expect(onlyPacket(parseChirpstackV3Message(TOPIC_UP, Buffer.from(payload), later)).id).toBe(id);

      const otherReception = uplink({ uplinkID: 'PwbzZ213Rou7EoX+DkG5MQ==' });
      expect(onlyPacket(parseChirpstackV3Message(TOPIC_UP, otherReception, TEST_CONTEXT)).id).not.toBe(id);
      const otherSource = { ...TEST_CONTEXT, dataSourceId: 8 };
      expect(onlyPacket(parseChirpstackV3Message(TOPIC_UP, payload, otherSource)).id).not.toBe(id);
    });

    it('dates the packet with the collector clock when the gateway has no time', () => {
      const packet = onlyPacket(parseChirpstackV3Message(TOPIC_UP, uplink({ time: null }), TEST_CONTEXT));
      expect(packet.date).toBe(TEST_CONTEXT.receivedAt);
    });

    it.each([
      ['CRC_OK', true],
      ['BAD_CRC', false],
      ['NO_CRC', null],
      [2, true],
    ])('reads crcStatus %s', (crcStatus, crcOk) => {
      const packet = onlyPacket(parseChirpstackV3Message(TOPIC_UP, uplink({ crcStatus }), TEST_CONTEXT));
      expect(packet.crcOk).toBe(crcOk);
    });

    it('prefers the 4-byte context over the legacy timestamp and ignores contexts of other lengths', () => {
      const both = uplink({ context: 'XcwXjA==', timestamp: 5 });
      expect(onlyPacket(parseChirpstackV3Message(TOPIC_UP, both, TEST_CONTEXT)).tmst).toBe(0x5dcc178c);
      const longContext = uplink({ context: 'AQIDBAUGBwg=' });
      expect(onlyPacket(parseChirpstackV3Message(TOPIC_UP, longContext, TEST_CONTEXT)).tmst).toBeNull();
    });

    it('reads rxInfo.location, and treats 0,0 as unknown', () => {
      const located = uplink({ location: { latitude: 52.37, longitude: 4.91, altitude: 10.5 } });
      expect(onlyPacket(parseChirpstackV3Message(TOPIC_UP, located, TEST_CONTEXT))).toMatchObject({
        latitude: 52.37,
        longitude: 4.91,
        altitude: 10.5,
      });
      const nowhere = uplink({ location: { latitude: 0, longitude: 0, altitude: 0 } });
      expect(onlyPacket(parseChirpstackV3Message(TOPIC_UP, nowhere, TEST_CONTEXT)).latitude).toBeNull();
    });

    it('falls back to the topic for the gateway', () => {
      const payload = json({ phyPayload: 'AAEBAQEBAQEBAQEBAQEBAQGXFgzLPxI=', rxInfo: { rssi: -70 } });
      expect(onlyPacket(parseChirpstackV3Message(TOPIC_UP, payload, TEST_CONTEXT)).gateway).toBe(
        '7276ff002e062c18',
      );
    });
  });

  describe('downlinks on command/down', () => {
    const txInfo = {
      gatewayID: GATEWAY_B64,
      frequency: 868100000,
      modulation: 'LORA',
      loRaModulationInfo: {
        bandwidth: 125,
        spreadingFactor: 7,
        codeRate: '4/5',
        polarizationInversion: true,
      },
    };

    it('reads a join accept from items[], once even when RX1 and RX2 carry the same frame', () => {
      const rx2 = {
        ...txInfo,
        frequency: 869525000,
        loRaModulationInfo: { bandwidth: 125, spreadingFactor: 12 },
      };
      const payload = json({
        token: 1234,
        downlinkID: 'jhMh8Gq6RAOChSKbi83RHQ==',
        gatewayID: GATEWAY_B64,
        items: [
          { phyPayload: JOIN_ACCEPT, txInfo },
          { phyPayload: JOIN_ACCEPT, txInfo: rx2 },
        ],
      });
      const packet = onlyPacket(parseChirpstackV3Message(TOPIC_DOWN, payload, TEST_CONTEXT));
      expect(packet).toMatchObject({
        mType: 'JoinAccept',
        direction: 'down',
        gateway: '7276ff002e062c18',
        devEui: null,
        devEuiInferred: false,
        size: 33,
        frequency: 868100000,
        spreadingFactor: 7,
        bandwidth: 125000,
        rssi: null,
        date: TEST_CONTEXT.receivedAt,
      });
    });

    it('reads the top-level phyPayload of older v3 releases, gateway from txInfo', () => {
      const packet = onlyPacket(
        parseChirpstackV3Message(
          TOPIC_DOWN,
          json({ phyPayload: JOIN_ACCEPT, txInfo, token: 7 }),
          TEST_CONTEXT,
        ),
      );
      expect(packet).toMatchObject({ mType: 'JoinAccept', direction: 'down', gateway: '7276ff002e062c18' });
    });

    it('gives distinct ids to distinct frames of one message', () => {
      const dataDown = buildDataDown({
        nwkSKey: Buffer.alloc(16, 2),
        appSKey: Buffer.alloc(16, 1),
        devAddr: '26012e43',
        fCnt: 1,
        fPort: 1,
        payload: Buffer.from('hi'),
      }).toString('base64');
      const payload = json({ items: [{ phyPayload: JOIN_ACCEPT }, { phyPayload: dataDown }] });
      const packets = packetsOf(parseChirpstackV3Message(TOPIC_DOWN, payload, TEST_CONTEXT));
      expect(packets.map((packet) => packet.mType)).toEqual(['JoinAccept', 'UnconfirmedDataDown']);
      expect(new Set(packets.map((packet) => packet.id)).size).toBe(2);
    });
  });

  describe('gateway messages', () => {
    it('reads OFFLINE by name, by number, and as the omitted proto3 default', () => {
      const topic = 'gateway/7276ff002e062c18/state/conn';
      for (const body of [{ state: 'OFFLINE' }, { state: 0 }, {}]) {
        expect(
          parseChirpstackV3Message(topic, json({ gatewayID: GATEWAY_B64, ...body }), TEST_CONTEXT),
        ).toEqual({
          kind: 'gateway',
          gateway: '7276ff002e062c18',
          online: false,
        });
      }
    });

    it('reports stats without a location (or at 0,0) as the bare gateway', () => {
      const topic = 'gateway/7276ff002e062c18/event/stats';
      const noFix = json({ gatewayID: GATEWAY_B64, location: { latitude: 0, longitude: 0, altitude: 0 } });
      expect(parseChirpstackV3Message(topic, noFix, TEST_CONTEXT)).toEqual({
        kind: 'gateway',
        gateway: '7276ff002e062c18',
      });
    });
  });
});
