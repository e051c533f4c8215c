import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import type { IngestOutcome } from '../ingest-outcome';
import type { JsonObject } from '../json-fields';
import { gatewayMessageType } from '../protobuf/gateway-schema';
import { encodeJsonAsProtobuf } from '../protobuf/proto-json-codec';
import { malformedReason, onlyPacket, TEST_CONTEXT } from '../testing/outcomes';
import { fixtureAsProtobuf, OFFICIAL_V3_PROTOBUF, OFFICIAL_V4_PROTOBUF } from '../testing/protobuf-fixtures';
import { parseChirpstackV4Message } from './parse-chirpstack-v4-message';

const GATEWAY = '0016c001f153a14c';
const PREFIX = `eu868/gateway/${GATEWAY}`;

function parse(topic: string, payload: Buffer): IngestOutcome {
  return parseChirpstackV4Message(topic, payload, TEST_CONTEXT);
}

function uplinkProtobuf(json: JsonObject): Buffer {
  return encodeJsonAsProtobuf(gatewayMessageType('v4', 'UplinkFrame'), json);
}

function withoutIds(outcome: IngestOutcome): unknown {
  if (outcome.kind !== 'packets') return outcome;
  return outcome.packets.map(({ id: _id, ...packet }) => packet);
}

describe('parseChirpstackV4Message with the protobuf marshaler', () => {
  describe('messages encoded by the official @chirpstack/chirpstack-api 4.19.0 classes', () => {
    it('reads an UplinkFrame: hex gateway id, float snr, code rate enum, gwTime, context', () => {
      expect(
        onlyPacket(parse(`${PREFIX}/event/up`, Buffer.from(OFFICIAL_V4_PROTOBUF.up, 'hex'))),
      ).toMatchObject({
        source: 'chirpstack_v4_collector',
        mType: 'ConfirmedDataUp',
        devAddr: '016afea6',
        fCount: 5,
        gateway: GATEWAY,
        frequency: 867300000,
        spreadingFactor: 7,
        bandwidth: 125000,
        codeRate: '4/5',
        rssi: -52,
        // A float on the wire (7.199999809…), read back as the 7.2 the gateway reported.
        lsnr: 7.2,
        tmst: 3339482137,
        crcOk: true,
        latitude: 52.1,
        longitude: 4.3,
        altitude: 12,
        date: '2022-08-03T14:37:43.383Z',
      });
    });

    it('reads a DownlinkFrame, stats and connection state', () => {
      expect(
        onlyPacket(parse(`${PREFIX}/command/down`, Buffer.from(OFFICIAL_V4_PROTOBUF.down, 'hex'))),
      ).toMatchObject({
        direction: 'down',
        mType: 'JoinAccept',
        gateway: GATEWAY,
        frequency: 869525000,
        spreadingFactor: 7,
        bandwidth: 125000,
        codeRate: '4/5',
      });
      expect(parse(`${PREFIX}/event/stats`, Buffer.from(OFFICIAL_V4_PROTOBUF.stats, 'hex'))).toEqual({
        kind: 'gateway',
        gateway: GATEWAY,
        location: { latitude: 52.1, longitude: 4.3, altitude: 12 },
      });
      expect(parse(`${PREFIX}/state/conn`, Buffer.from(OFFICIAL_V4_PROTOBUF.conn, 'hex'))).toEqual({
        kind: 'gateway',
        gateway: GATEWAY,
        online: true,
      });
    });

    it('reads a v3 bridge’s UplinkFrame through the legacy fields 2 and 3 (the migration path)', () => {
      const packet = onlyPacket(
        parse('gateway/7276ff002e062c18/event/up', Buffer.from(OFFICIAL_V3_PROTOBUF.up, 'hex')),
      );
      expect(packet).toMatchObject({
        source: 'chirpstack_v4_collector',
        mType: 'JoinRequest',
        gateway: '7276ff002e062c18',
        bandwidth: 125000,
        spreadingFactor: 11,
        codeRate: '4/5',
        rssi: -55,
        lsnr: 7.25,
        crcOk: true,
      });
    });
  });

  describe('the v4 fixtures, sent with the protobuf marshaler, read as with the json one', () => {
    it('gw-event-up.json (its `time` sent as field 3, gwTime, which it is)', () => {
      const topic = `${PREFIX}/event/up`;
      const json = parse(topic, Buffer.from(readFixtureText('chirpstack-v4/gw-event-up.json')));
      const protobuf = parse(
        topic,
        fixtureAsProtobuf('v4', 'UplinkFrame', 'gw-event-up.json', (body) => {
          const rxInfo = body.rxInfo as JsonObject;
          rxInfo.gwTime = rxInfo.time;
          delete rxInfo.time;
        }),
      );
      expect(withoutIds(protobuf)).toEqual(withoutIds(json));
    });

    it.each([
      [`${PREFIX}/event/stats`, 'GatewayStats', 'gw-event-stats.json'],
      [`${PREFIX}/state/conn`, 'ConnState', 'gw-state-conn.json'],
    ] as const)('%s (%s)', (topic, message, file) => {
      const json = parse(topic, Buffer.from(readFixtureText(`chirpstack-v4/${file}`)));
      const protobuf = fixtureAsProtobuf('v4', message, file, (body) => {
        // Per-modulation counters are not in our schema subset: a bridge's are skipped as unknown fields.
        delete body.txPacketsPerModulation;
        delete body.rxPacketsPerModulation;
      });
      expect(parse(topic, protobuf)).toEqual(json);
    });
  });

  it.each<[string, Buffer, RegExp]>([
    [
      'a truncated message',
      Buffer.from(OFFICIAL_V4_PROTOBUF.up, 'hex').subarray(0, 40),
      /not a valid protobuf UplinkFrame/,
    ],
    [
      'a gateway id that is not hex',
      uplinkProtobuf({ phyPayload: 'gKb+agGABQABOIc6cwQ=', rxInfo: { gatewayId: 'gateway-1' } }),
      /rxInfo.gatewayId must be 16 hex digits/,
    ],
    [
      'an unknown code rate',
      uplinkProtobuf({
        phyPayload: 'gKb+agGABQABOIc6cwQ=',
        txInfo: { modulation: { lora: { codeRate: 77 } } },
      }),
      /codeRate must be one of/,
    ],
    [
      'a NaN snr',
      uplinkProtobuf({ phyPayload: 'gKb+agGABQABOIc6cwQ=', rxInfo: { snr: 'NaN' } }),
      /rxInfo.snr must be a number/,
    ],
  ])('reports %s', (_case, payload, reason) => {
    expect(malformedReason(parse(`${PREFIX}/event/up`, payload))).toMatch(reason);
  });
});
