import { buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import type { JsonObject } from '../json-fields';
import { onlyPacket, packetsOf, TEST_CONTEXT } from '../testing/outcomes';
import { CHIRPSTACK_V4_TOPICS } from './chirpstack-v4-topics';
import { createChirpstackV4Parser } from './chirpstack-v4-parser';
import { parseChirpstackV4Message } from './parse-chirpstack-v4-message';

const GATEWAY = '0016c001f153a14c';
const UP = `eu868/gateway/${GATEWAY}/event/up`;
const DOWN = `eu868/gateway/${GATEWAY}/command/down`;
const JOIN_REQUEST = 'AAEBAQEBAQEBAQEBAQEBAQGXFgzLPxI=';

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

function uplink(rxInfo: JsonObject, txInfo?: JsonObject): Buffer {
  return json({ phyPayload: JOIN_REQUEST, txInfo, rxInfo: { gatewayId: GATEWAY, ...rxInfo } });
}

function lora(fields: JsonObject): JsonObject {
  return { frequency: 868100000, modulation: { lora: fields } };
}

describe('parseChirpstackV4Message', () => {
  describe('topics', () => {
    it.each([UP, `us915_0/gateway/${GATEWAY}/event/up`, `gateway/${GATEWAY}/event/up`])(
      'reads %s, with or without a region prefix',
      (topic) => {
        expect(onlyPacket(parseChirpstackV4Message(topic, uplink({}), TEST_CONTEXT))).toMatchObject({
          topic,
          gateway: GATEWAY,
          source: 'chirpstack_v4_collector',
        });
      },
    );

    it.each([
      `eu868/gateway/${GATEWAY}/event/ack`,
      `eu868/gateway/${GATEWAY}/event/mesh`,
      'eu868/other/thing',
    ])('ignores %s', (topic) => {
      expect(parseChirpstackV4Message(topic, json({}), TEST_CONTEXT).kind).toBe('ignored');
    });

    it('subscribes with plain subscriptions to both topic layouts, never to the server’s shared group', () => {
      expect(CHIRPSTACK_V4_TOPICS).toEqual(
        expect.arrayContaining([
          '+/gateway/+/event/up',
          'gateway/+/event/up',
          '+/gateway/+/event/stats',
          'gateway/+/state/conn',
          '+/gateway/+/command/down',
        ]),
      );
      expect(CHIRPSTACK_V4_TOPICS.filter((topic) => topic.startsWith('$share/'))).toEqual([]);
    });
  });

  describe('uplinks', () => {
    it('prefers gwTime (4.6+) and falls back to time (before 4.6)', () => {
      const both = uplink({ gwTime: '2024-01-01T00:00:01.5Z', time: '2023-01-01T00:00:00Z' });
      expect(onlyPacket(parseChirpstackV4Message(UP, both, TEST_CONTEXT)).date).toBe(
        '2024-01-01T00:00:01.500Z',
      );
      const old = uplink({ time: '2023-01-01T00:00:00Z' });
      expect(onlyPacket(parseChirpstackV4Message(UP, old, TEST_CONTEXT)).date).toBe(
        '2023-01-01T00:00:00.000Z',
      );
      const none = uplink({});
      expect(onlyPacket(parseChirpstackV4Message(UP, none, TEST_CONTEXT)).date).toBe(TEST_CONTEXT.receivedAt);
    });

    it.each<[unknown, string | null]>([
      ['CR_4_5', '4/5'],
      ['CR_4_8', '4/8'],
      [2, '4/6'],
      ['CR_LI_4_5', '4/5LI'],
      ['CR_UNDEFINED', null],
      [undefined, null],
    ])('normalises the code rate %s to %s', (codeRate, normalised) => {
      const payload = uplink({}, lora({ bandwidth: 125000, spreadingFactor: 9, codeRate }));
      expect(onlyPacket(parseChirpstackV4Message(UP, payload, TEST_CONTEXT))).toMatchObject({
        codeRate: normalised,
        bandwidth: 125000,
        spreadingFactor: 9,
        frequency: 868100000,
      });
    });

    it('reads the pre-enum codeRateLegacy string when there is no enum', () => {
      const payload = uplink({}, lora({ codeRateLegacy: '4/5' }));
      expect(onlyPacket(parseChirpstackV4Message(UP, payload, TEST_CONTEXT)).codeRate).toBe('4/5');
    });

    it('reads the LR-FHSS code rate, and no LoRa parameters for FSK', () => {
      const lrFhss = uplink({}, { frequency: 868100000, modulation: { lrFhss: { codeRate: 'CR_2_6' } } });
      expect(onlyPacket(parseChirpstackV4Message(UP, lrFhss, TEST_CONTEXT)).codeRate).toBe('2/6');
      const fsk = uplink({}, { frequency: 868800000, modulation: { fsk: { datarate: 50000 } } });
      expect(onlyPacket(parseChirpstackV4Message(UP, fsk, TEST_CONTEXT))).toMatchObject({
        frequency: 868800000,
        spreadingFactor: null,
        bandwidth: null,
        codeRate: null,
      });
    });

    it('reads rssi, snr, crcStatus, the context as tmst and the location', () => {
      const payload = uplink({
        rssi: -101,
        snr: -7.5,
        crcStatus: 'BAD_CRC',
        context: 'XcwXjA==',
        location: { latitude: 52.1, longitude: 4.3, altitude: 3 },
      });
      expect(onlyPacket(parseChirpstackV4Message(UP, payload, TEST_CONTEXT))).toMatchObject({
        rssi: -101,
        lsnr: -7.5,
        crcOk: false,
        tmst: 0x5dcc178c,
        latitude: 52.1,
        longitude: 4.3,
        altitude: 3,
      });
    });

    it('reads an upper-case gateway id as the lower-case EUI, and falls back to the topic', () => {
      const upper = uplink({ gatewayId: GATEWAY.toUpperCase() });
      expect(onlyPacket(parseChirpstackV4Message(UP, upper, TEST_CONTEXT)).gateway).toBe(GATEWAY);
      const none = json({ phyPayload: JOIN_REQUEST });
      expect(onlyPacket(parseChirpstackV4Message(UP, none, TEST_CONTEXT)).gateway).toBe(GATEWAY);
    });
  });

  describe('downlinks, stats and connection state', () => {
    const appKey = Buffer.alloc(16, 0x11);
    const joinAccept = buildJoinAccept({ appKey, joinNonce: 1, netId: '000013', devAddr: '26012e43' });

    it('reads the items of a DownlinkFrame, once per distinct frame', () => {
      const item = {
        phyPayload: joinAccept.toString('base64'),
        txInfo: {
          frequency: 868100000,
          power: 14,
          modulation: {
            lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5', polarizationInversion: true },
          },
          timing: { delay: { delay: '5s' } },
        },
      };
      const rx2 = { ...item, txInfo: { ...item.txInfo, frequency: 869525000 } };
      const payload = json({ downlinkId: 894104280, gatewayId: GATEWAY, items: [item, rx2] });
      const packets = packetsOf(parseChirpstackV4Message(DOWN, payload, TEST_CONTEXT));
      expect(packets).toHaveLength(1);
      expect(packets[0]).toMatchObject({
        direction: 'down',
        mType: 'JoinAccept',
        gateway: GATEWAY,
        frequency: 868100000,
        spreadingFactor: 7,
        bandwidth: 125000,
        codeRate: '4/5',
        date: TEST_CONTEXT.receivedAt,
      });
    });

    it('reads the stats location, and ONLINE / the omitted OFFLINE default', () => {
      const stats = json({
        gatewayId: GATEWAY,
        location: { latitude: 52.1, longitude: 4.3, altitude: 3, source: 'GPS' },
      });
      expect(parseChirpstackV4Message(`eu868/gateway/${GATEWAY}/event/stats`, stats, TEST_CONTEXT)).toEqual({
        kind: 'gateway',
        gateway: GATEWAY,
        location: { latitude: 52.1, longitude: 4.3, altitude: 3 },
      });
      const conn = `eu868/gateway/${GATEWAY}/state/conn`;
      expect(parseChirpstackV4Message(conn, json({ gatewayId: GATEWAY }), TEST_CONTEXT)).toEqual({
        kind: 'gateway',
        gateway: GATEWAY,
        online: false,
      });
      expect(parseChirpstackV4Message(conn, Buffer.alloc(0), TEST_CONTEXT)).toEqual({
        kind: 'ignored',
        reason: 'retained state cleared',
      });
    });

    it('attributes a join accept to the join request heard by that gateway (createChirpstackV4Parser)', () => {
      const joinRequest = buildJoinRequest({
        appKey,
        joinEui: '70b3d57ed0000000',
        devEui: '0004a30b001c0530',
        devNonce: 513,
      });
      const parse = createChirpstackV4Parser();
      parse(
        UP,
        json({ phyPayload: joinRequest.toString('base64'), rxInfo: { gatewayId: GATEWAY } }),
        TEST_CONTEXT,
      );
      const accept = parse(
        DOWN,
        json({ gatewayId: GATEWAY, items: [{ phyPayload: joinAccept.toString('base64') }] }),
        { ...TEST_CONTEXT, receivedAt: '2024-05-01T12:00:05.000Z' },
      );
      expect(onlyPacket(accept)).toMatchObject({
        mType: 'JoinAccept',
        devEui: '0004a30b001c0530',
        devEuiInferred: true,
      });
    });
  });
});
