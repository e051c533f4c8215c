import { buildDataDown, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { readFixtureText, ttnHandshake } from '@lorawatch/lorawan/testing/fixtures';
import type { IngestOutcome } from '../ingest-outcome';
import type { JsonObject } from '../json-fields';
import {
  encodeBody,
  type FieldMangle,
  type FuzzBase,
  type FuzzRandom,
  type FuzzSpec,
  MALFORMED_CASE_COUNT,
  type Marshaler,
  REMOVE,
  runFuzz,
} from '../testing/gateway-fuzz';
import { TEST_CONTEXT } from '../testing/outcomes';
import { parseChirpstackV4Message } from './parse-chirpstack-v4-message';

const GATEWAY = '0016c001f153a14c';
const PREFIXED = `eu868/gateway/${GATEWAY}`;
const UNPREFIXED = `gateway/${GATEWAY}`;

function fixture(file: string): JsonObject {
  return JSON.parse(readFixtureText(`chirpstack-v4/${file}`)) as JsonObject;
}

const LORA = { bandwidth: 125000, spreadingFactor: 9, codeRate: 'CR_4_5' };

function downlinkItem(phyPayload: Buffer, frequency: number): JsonObject {
  return {
    phyPayload: phyPayload.toString('base64'),
    txInfo: {
      frequency,
      power: 14,
      modulation: { lora: { ...LORA, polarizationInversion: true } },
      timing: { delay: { delay: '5s' } },
    },
  };
}

/** The fixtures, plus what they lack (a location, crcStatus, a downlink), in both topic layouts. */
function bases(marshaler: Marshaler): FuzzBase[] {
  const up = fixture('gw-event-up.json');
  if (marshaler === 'protobuf') {
    // `time` is the pre-4.6 JSON name of field 3; protobuf knows the field, not the old name.
    const rxInfo = up.rxInfo as JsonObject;
    rxInfo.gwTime = rxInfo.time;
    delete rxInfo.time;
  }
  const stats = fixture('gw-event-stats.json');
  if (marshaler === 'protobuf') {
    // Not in our schema subset, so not encodable from JSON here; a bridge's are skipped as unknown fields.
    delete stats.txPacketsPerModulation;
    delete stats.rxPacketsPerModulation;
  }
  const joinRequest = buildJoinRequest({
    appKey: Buffer.alloc(16, 1),
    joinEui: '70b3d57ed0000000',
    devEui: '0004a30b001c0530',
    devNonce: 77,
  });
  const joinAccept = Buffer.from(ttnHandshake().join_accept.phy_hex, 'hex');
  const ack = buildDataDown({
    nwkSKey: Buffer.alloc(16, 1),
    appSKey: Buffer.alloc(16, 2),
    devAddr: '016afea6',
    fCnt: 3,
    fPort: null,
    payload: Buffer.alloc(0),
    ack: true,
  });
  return [
    { topic: `${PREFIXED}/event/up`, message: 'UplinkFrame', body: up, frame: true },
    {
      topic: `${UNPREFIXED}/event/up`,
      message: 'UplinkFrame',
      body: {
        phyPayload: joinRequest.toString('base64'),
        txInfo: { frequency: 868100000, modulation: { lora: LORA } },
        rxInfo: {
          gatewayId: GATEWAY,
          uplinkId: 41,
          gwTime: '2024-05-01T11:59:59.123456Z',
          rssi: -97,
          snr: 6.25,
          channel: 3,
          context: 'AQIDBA==',
          location: { latitude: 52.37, longitude: 4.89, altitude: 10, source: 'GPS' },
          metadata: { region_config_id: 'eu868' },
          crcStatus: 'CRC_OK',
        },
      },
      frame: true,
    },
    {
      topic: `${PREFIXED}/command/down`,
      message: 'DownlinkFrame',
      body: {
        downlinkId: 894104280,
        gatewayId: GATEWAY,
        items: [downlinkItem(joinAccept, 868100000), downlinkItem(joinAccept, 869525000)],
      },
      frame: true,
    },
    {
      topic: `${UNPREFIXED}/command/down`,
      message: 'DownlinkFrame',
      body: { downlinkId: 7, gatewayId: GATEWAY, items: [downlinkItem(ack, 868300000)] },
      frame: true,
    },
    { topic: `${PREFIXED}/event/stats`, message: 'GatewayStats', body: stats, frame: false },
    {
      topic: `${UNPREFIXED}/event/stats`,
      message: 'GatewayStats',
      body: { gatewayId: GATEWAY, location: { latitude: 52.37, longitude: 4.89, altitude: 10 } },
      frame: false,
    },
    {
      topic: `${PREFIXED}/state/conn`,
      message: 'ConnState',
      body: fixture('gw-state-conn.json'),
      frame: false,
    },
  ];
}

const one =
  (...values: unknown[]) =>
  (random: FuzzRandom): unknown =>
    random.pick(values);

/** Anything but 16 hex digits (and not empty, which reads as absent). */
function badHexEui(random: FuzzRandom): string {
  if (random.next() < 0.5)
    return random.bytes(random.pick([random.int(1, 7), random.int(9, 16)])).toString('hex');
  const eui = random.bytes(8).toString('hex');
  const at = random.int(0, 15);
  return eui.slice(0, at) + random.pick(['g', 'z', ' ', '-', ':', 'G', 'x']) + eui.slice(at + 1);
}

function badLocation(random: FuzzRandom): JsonObject {
  const out = random.int(91, 1000) * random.pick([1, -1]);
  return random.next() < 0.5 ? { latitude: out, longitude: 5 } : { latitude: 5, longitude: out * 2 };
}

const WRONG_TYPES: FieldMangle[] = [
  { message: 'UplinkFrame', path: ['phyPayload'], value: one(42, true, [], {}) },
  { message: 'UplinkFrame', path: ['rxInfo'], value: one('x', 42, [], true) },
  { message: 'UplinkFrame', path: ['rxInfo', 'rssi'], value: one('-80', true, {}) },
  { message: 'UplinkFrame', path: ['rxInfo', 'snr'], value: one('7.5', false, []) },
  { message: 'UplinkFrame', path: ['rxInfo', 'gatewayId'], value: one(42, {}, true) },
  { message: 'UplinkFrame', path: ['rxInfo', 'gwTime'], value: one(42, {}, true) },
  { message: 'UplinkFrame', path: ['rxInfo', 'time'], value: one(42, []) },
  { message: 'UplinkFrame', path: ['rxInfo', 'context'], value: one(42, {}) },
  { message: 'UplinkFrame', path: ['rxInfo', 'crcStatus'], value: one(true, {}, 1.5) },
  { message: 'UplinkFrame', path: ['rxInfo', 'location'], value: one('x', 42, []) },
  { message: 'UplinkFrame', path: ['txInfo'], value: one('x', 42, []) },
  { message: 'UplinkFrame', path: ['txInfo', 'frequency'], value: one('868100000', 868.1, true) },
  { message: 'UplinkFrame', path: ['txInfo', 'modulation'], value: one('LORA', 42, []) },
  { message: 'UplinkFrame', path: ['txInfo', 'modulation', 'lora'], value: one('x', 42) },
  {
    message: 'UplinkFrame',
    path: ['txInfo', 'modulation', 'lora', 'spreadingFactor'],
    value: one('SF7', 7.5),
  },
  {
    message: 'UplinkFrame',
    path: ['txInfo', 'modulation', 'lora', 'bandwidth'],
    value: one('125000', 1.5, []),
  },
  { message: 'UplinkFrame', path: ['txInfo', 'modulation', 'lora', 'codeRate'], value: one(true, {}, 4.5) },
  { message: 'DownlinkFrame', path: ['items'], value: one('x', {}, 42) },
  { message: 'DownlinkFrame', path: ['items', 0], value: one('x', 42, null, []) },
  { message: 'DownlinkFrame', path: ['items', 0, 'phyPayload'], value: one(42, [], {}) },
  { message: 'DownlinkFrame', path: ['items', 0, 'txInfo'], value: one('x', 42) },
  { message: 'DownlinkFrame', path: ['items', 0, 'txInfo', 'modulation'], value: one('LORA', 1) },
  { message: 'DownlinkFrame', path: ['gatewayId'], value: one(42, {}) },
  { message: 'GatewayStats', path: ['gatewayId'], value: one(42, {}, []) },
  { message: 'GatewayStats', path: ['location'], value: one('x', 42, [], { latitude: '1.5', longitude: 3 }) },
  { message: 'ConnState', path: ['state'], value: one(true, {}, [], 1.5) },
  { message: 'ConnState', path: ['gatewayId'], value: one(42, {}) },
];

function badValues(marshaler: Marshaler): FieldMangle[] {
  const mangles: FieldMangle[] = [
    { message: 'UplinkFrame', path: ['phyPayload'], value: () => REMOVE },
    { message: 'UplinkFrame', path: ['rxInfo', 'gatewayId'], value: badHexEui },
    { message: 'UplinkFrame', path: ['rxInfo', 'crcStatus'], value: (random) => random.int(3, 1000) },
    { message: 'UplinkFrame', path: ['rxInfo', 'location'], value: badLocation },
    { message: 'UplinkFrame', path: ['rxInfo', 'snr'], value: one('NaN', 'Infinity', '-Infinity') },
    {
      message: 'UplinkFrame',
      path: ['txInfo', 'modulation', 'lora', 'codeRate'],
      value: (random) => random.int(13, 1000),
    },
    { message: 'DownlinkFrame', path: ['gatewayId'], value: badHexEui },
    { message: 'DownlinkFrame', path: ['items', 0, 'phyPayload'], value: () => REMOVE },
    { message: 'DownlinkFrame', path: ['items'], value: () => [] },
    {
      message: 'DownlinkFrame',
      path: ['items', 0, 'txInfo', 'modulation', 'lora', 'codeRate'],
      value: (random) => random.int(13, 1000),
    },
    { message: 'GatewayStats', path: ['gatewayId'], value: badHexEui },
    { message: 'GatewayStats', path: ['location'], value: badLocation },
    { message: 'ConnState', path: ['state'], value: (random) => random.int(2, 1000) },
    { message: 'ConnState', path: ['gatewayId'], value: badHexEui },
  ];
  // Protobuf cannot even carry these: a Timestamp is no text, an enum no unknown name.
  const jsonOnly: FieldMangle[] = [
    {
      message: 'UplinkFrame',
      path: ['rxInfo', 'gwTime'],
      value: one('yesterday', '2024-02-30T00:00:00Z', '2024-05-01'),
    },
    { message: 'UplinkFrame', path: ['rxInfo', 'time'], value: one('now', '2024-05-01T25:00:00Z') },
    {
      message: 'UplinkFrame',
      path: ['txInfo', 'modulation', 'lora', 'codeRate'],
      value: one('4/5', 'CR_9_9', ''),
    },
    { message: 'UplinkFrame', path: ['rxInfo', 'crcStatus'], value: one('MAYBE', 'crc_ok') },
    { message: 'ConnState', path: ['state'], value: one('MAYBE', 'online') },
  ];
  return marshaler === 'json' ? [...mangles, ...jsonOnly] : mangles;
}

function v4Spec(marshaler: Marshaler): FuzzSpec {
  return {
    version: 'v4',
    marshaler,
    bases: bases(marshaler),
    ignoredTopics: [
      `${PREFIXED}/event/ack`,
      `${PREFIXED}/event/mesh`,
      `${UNPREFIXED}/command/config`,
      'application/17c82e96-be03-4f38-aef3-f83d48582d97/device/0101010101010101/event/log',
      'eu868/something/else',
    ],
    wrongTypes: WRONG_TYPES,
    badValues: badValues(marshaler),
  };
}

function parse(topic: string, payload: Buffer): IngestOutcome {
  return parseChirpstackV4Message(topic, payload, TEST_CONTEXT);
}

describe('parseChirpstackV4Message, fuzzed', () => {
  it('reads every fuzz base the same in both marshalers (so the fuzz runs start from valid messages)', () => {
    const [json, protobuf] = (['json', 'protobuf'] as const).map((marshaler) => {
      const spec = v4Spec(marshaler);
      return spec.bases.map((base) => parse(base.topic, encodeBody(spec, base.message, base.body)));
    });
    const withoutIds = (outcome: IngestOutcome) =>
      outcome.kind === 'packets' ? outcome.packets.map(({ id: _id, ...packet }) => packet) : outcome;
    expect(json.map((outcome) => outcome.kind)).toEqual([
      'packets',
      'packets',
      'packets',
      'packets',
      'gateway',
      'gateway',
      'gateway',
    ]);
    expect(protobuf.map(withoutIds)).toEqual(json.map(withoutIds));
  });

  it.each<[Marshaler, number]>([
    ['json', 40_001],
    ['protobuf', 40_002],
  ])(
    `%s: never throws, refuses ${MALFORMED_CASE_COUNT} malformed messages with a reason, still parses the valid ones (seed %d)`,
    (marshaler, seed) => {
      const report = runFuzz(parse, v4Spec(marshaler), seed);
      expect(report.problems).toEqual([]);
      expect(report.malformed).toBe(MALFORMED_CASE_COUNT);
      expect(report.valid).toBeGreaterThan(600);
      expect(report.ignored).toBeGreaterThan(100);
    },
  );
});
