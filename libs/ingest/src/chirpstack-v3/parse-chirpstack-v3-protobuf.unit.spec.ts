import { buildDataUp } from '@lorawatch/lorawan/build-frames';
import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import type { IngestOutcome } from '../ingest-outcome';
import type { JsonObject } from '../json-fields';
import { gatewayMessageType } from '../protobuf/gateway-schema';
import { encodeJsonAsProtobuf } from '../protobuf/proto-json-codec';
import { captureLines, malformedReason, onlyPacket, TEST_CONTEXT } from '../testing/outcomes';
import { fixtureAsProtobuf, OFFICIAL_V3_PROTOBUF } from '../testing/protobuf-fixtures';
import { parseChirpstackV3Message } from './parse-chirpstack-v3-message';

const GATEWAY = '7276ff002e062c18';
const UP = `gateway/${GATEWAY}/event/up`;
const JOIN_REQUEST = 'AAEBAQEBAQEBAQEBAQEBAQGXFgzLPxI=';

function parse(topic: string, payload: Buffer): IngestOutcome {
  return parseChirpstackV3Message(topic, payload, TEST_CONTEXT);
}

function uplinkProtobuf(json: JsonObject): Buffer {
  return encodeJsonAsProtobuf(gatewayMessageType('v3', 'UplinkFrame'), json);
}

/** The id hashes the payload, so it differs between marshalers; everything else must not. */
function withoutIds(outcome: IngestOutcome): unknown {
  if (outcome.kind !== 'packets') return outcome;
  return outcome.packets.map(({ id: _id, ...packet }) => packet);
}

describe('parseChirpstackV3Message with the protobuf marshaler', () => {
  describe('messages encoded by the official @chirpstack/chirpstack-api 3.12.4 classes', () => {
    it('reads an UplinkFrame with all its radio metadata', () => {
      expect(onlyPacket(parse(UP, Buffer.from(OFFICIAL_V3_PROTOBUF.up, 'hex')))).toMatchObject({
        source: 'chirpstack_collector',
        mType: 'JoinRequest',
        gateway: GATEWAY,
        joinEui: '0101010101010101',
        devEui: '0101010101010101',
        devNonce: 5783,
        mic: '0ccb3f12',
        frequency: 868300000,
        spreadingFactor: 11,
        bandwidth: 125000,
        codeRate: '4/5',
        rssi: -55,
        lsnr: 7.25,
        tmst: 0x037f8cfc,
        crcOk: true,
        latitude: 52.1,
        longitude: 4.3,
        altitude: 12,
        date: '2018-07-26T15:15:58.599Z',
      });
    });

    it('reads a DownlinkFrame item, the gateway from the message', () => {
      const packet = onlyPacket(
        parse(`gateway/${GATEWAY}/command/down`, Buffer.from(OFFICIAL_V3_PROTOBUF.down, 'hex')),
      );
      expect(packet).toMatchObject({
        direction: 'down',
        mType: 'JoinAccept',
        gateway: GATEWAY,
        frequency: 869525000,
        spreadingFactor: 11,
        bandwidth: 125000,
        codeRate: '4/5',
        date: TEST_CONTEXT.receivedAt,
      });
    });

    it('reads GatewayStats and ConnState', () => {
      expect(parse(`gateway/${GATEWAY}/event/stats`, Buffer.from(OFFICIAL_V3_PROTOBUF.stats, 'hex'))).toEqual(
        {
          kind: 'gateway',
          gateway: GATEWAY,
          location: { latitude: 52.1, longitude: 4.3, altitude: 12 },
        },
      );
      expect(parse(`gateway/${GATEWAY}/state/conn`, Buffer.from(OFFICIAL_V3_PROTOBUF.conn, 'hex'))).toEqual({
        kind: 'gateway',
        gateway: GATEWAY,
        online: true,
      });
    });
  });

  describe('the v3 fixtures, sent with the protobuf marshaler, read as with the json one', () => {
    it('gw-event-up.json, except the LoRa Gateway Bridge 2.x `timestamp`, which protobuf cannot carry', () => {
      const json = parse(UP, Buffer.from(readFixtureText('chirpstack-v3/gw-event-up.json')));
      const protobuf = parse(
        UP,
        fixtureAsProtobuf('v3', 'UplinkFrame', 'gw-event-up.json', (body) => {
          delete (body.rxInfo as JsonObject).timestamp;
        }),
      );
      const { id: _id, ...expected } = onlyPacket(json);
      expect(withoutIds(protobuf)).toEqual([{ ...expected, tmst: null }]);
    });

    it.each([
      [`gateway/${GATEWAY}/event/stats`, 'GatewayStats', 'gw-event-stats.json'],
      [`gateway/${GATEWAY}/state/conn`, 'ConnState', 'gw-state-conn.json'],
    ] as const)('%s (%s)', (topic, message, file) => {
      const json = parse(topic, Buffer.from(readFixtureText(`chirpstack-v3/${file}`)));
      expect(parse(topic, fixtureAsProtobuf('v3', message, file))).toEqual(json);
    });

    it('iotroam-2020-mosquitto-sub.txt: both real captures', () => {
      for (const { topic, payload } of captureLines(
        readFixtureText('chirpstack-v3/iotroam-2020-mosquitto-sub.txt'),
      )) {
        const protobuf = uplinkProtobuf(JSON.parse(payload.toString('utf8')) as JsonObject);
        expect(withoutIds(parse(topic, protobuf))).toEqual(withoutIds(parse(topic, payload)));
      }
    });
  });

  it('keeps zero values, as the v3 json marshaler writes them: an SNR of 0 dB is 0, not unknown', () => {
    const payload = uplinkProtobuf({
      phyPayload: JOIN_REQUEST,
      rxInfo: { gatewayID: 'cnb/AC4GLBg=', loRaSNR: 0, rssi: -80 },
    });
    expect(onlyPacket(parse(UP, payload))).toMatchObject({ lsnr: 0, rssi: -80, crcOk: null });
  });

  it('tells the marshalers apart per message, even when protobuf starts like JSON text', () => {
    // A 123-byte PHYPayload makes the message start with 0x0a 0x7b: "\n{".
    const frame = buildDataUp({
      nwkSKey: Buffer.alloc(16, 1),
      appSKey: Buffer.alloc(16, 2),
      devAddr: '26012e43',
      fCnt: 1,
      fPort: 1,
      payload: Buffer.alloc(110, 0x41),
    });
    const payload = uplinkProtobuf({
      phyPayload: frame.toString('base64'),
      rxInfo: { gatewayID: 'cnb/AC4GLBg=' },
    });
    expect(payload.subarray(0, 2).toString('latin1')).toBe('\n{');
    expect(onlyPacket(parse(UP, payload))).toMatchObject({ devAddr: '26012e43', size: 123 });

    const jsonAfterNewline = Buffer.from(`\n  ${JSON.stringify({ phyPayload: JOIN_REQUEST })}`);
    expect(onlyPacket(parse(UP, jsonAfterNewline))).toMatchObject({ mType: 'JoinRequest', gateway: GATEWAY });
  });

  it.each<[string, string, Buffer, RegExp]>([
    [
      'a truncated message',
      UP,
      Buffer.from(OFFICIAL_V3_PROTOBUF.up, 'hex').subarray(0, 30),
      /not a valid protobuf UplinkFrame/,
    ],
    ['an invalid wire type', UP, Buffer.from([0x0f, 0x01]), /not a valid protobuf UplinkFrame/],
    ['no phyPayload', UP, uplinkProtobuf({ rxInfo: { rssi: -80 } }), /phyPayload is missing/],
    [
      'a 4-byte gateway id',
      UP,
      uplinkProtobuf({ phyPayload: JOIN_REQUEST, rxInfo: { gatewayID: 'AQIDBA==' } }),
      /rxInfo.gatewayID must be 8 bytes/,
    ],
    [
      'an unknown crcStatus',
      UP,
      uplinkProtobuf({ phyPayload: JOIN_REQUEST, rxInfo: { crcStatus: 9 } }),
      /rxInfo.crcStatus must be one of/,
    ],
    [
      'a time out of range',
      UP,
      Buffer.from(
        '0a17' + Buffer.from(JOIN_REQUEST, 'base64').toString('hex') + '1a09120708808080808020',
        'hex',
      ),
      /Timestamp out of range/,
    ],
    [
      'a legacy 2.x topic',
      `gateway/${GATEWAY}/rx`,
      uplinkProtobuf({ phyPayload: JOIN_REQUEST }),
      /only read with the JSON marshaler/,
    ],
    ['a message over 64 KiB', UP, Buffer.alloc(70_000, 0x0a), /exceeds the 65536-byte limit/],
  ])('reports %s', (_case, topic, payload, reason) => {
    expect(malformedReason(parse(topic, payload))).toMatch(reason);
  });
});
