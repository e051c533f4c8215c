import { buildDataDown } from '@lorawatch/lorawan/build-frames';
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
import { captureLines, TEST_CONTEXT } from '../testing/outcomes';
import { parseChirpstackV3Message } from './parse-chirpstack-v3-message';

const GATEWAY_B64 = 'cnb/AC4GLBg=';
const GATEWAY_TOPIC = 'gateway/7276ff002e062c18';

function fixture(file: string): JsonObject {
  return JSON.parse(readFixtureText(`chirpstack-v3/${file}`)) as JsonObject;
}

function downlinkItem(phyPayload: Buffer, frequency: number, spreadingFactor: number): JsonObject {
  return {
    phyPayload: phyPayload.toString('base64'),
    txInfo: {
      gatewayID: GATEWAY_B64,
      frequency,
      power: 14,
      modulation: 'LORA',
      loRaModulationInfo: { bandwidth: 125, spreadingFactor, codeRate: '4/5', polarizationInversion: true },
      timing: 'DELAY',
      delayTimingInfo: { delay: '5s' },
    },
  };
}

function bases(): FuzzBase[] {
  const up = fixture('gw-event-up.json');
  // The LoRa Gateway Bridge 2.x counter has no protobuf field; left out so both marshalers share the bases.
  delete (up.rxInfo as JsonObject).timestamp;
  const captures = captureLines(readFixtureText('chirpstack-v3/iotroam-2020-mosquitto-sub.txt'));
  const joinAccept = Buffer.from(ttnHandshake().join_accept.phy_hex, 'hex');
  const ack = buildDataDown({
    nwkSKey: Buffer.alloc(16, 1),
    appSKey: Buffer.alloc(16, 2),
    devAddr: '26012e43',
    fCnt: 7,
    fPort: null,
    payload: Buffer.alloc(0),
    ack: true,
  });
  return [
    { topic: `${GATEWAY_TOPIC}/event/up`, message: 'UplinkFrame', body: up, frame: true },
    ...captures.map(({ topic, payload }): FuzzBase => ({
      topic,
      message: 'UplinkFrame',
      body: JSON.parse(payload.toString('utf8')) as JsonObject,
      frame: true,
    })),
    {
      topic: `${GATEWAY_TOPIC}/command/down`,
      message: 'DownlinkFrame',
      body: {
        token: 4242,
        downlinkID: 'IN7F1mIQVUIiIGk7BIt2Yg==',
        gatewayID: GATEWAY_B64,
        items: [downlinkItem(joinAccept, 868100000, 7), downlinkItem(joinAccept, 869525000, 12)],
      },
      frame: true,
    },
    {
      topic: `${GATEWAY_TOPIC}/command/down`,
      message: 'DownlinkFrame',
      body: { token: 4243, gatewayID: GATEWAY_B64, items: [downlinkItem(ack, 868300000, 9)] },
      frame: true,
    },
    {
      topic: `${GATEWAY_TOPIC}/event/stats`,
      message: 'GatewayStats',
      body: fixture('gw-event-stats.json'),
      frame: false,
    },
    {
      topic: `${GATEWAY_TOPIC}/state/conn`,
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

/** Base64 of an EUI of any length but 8 (and not 0, which reads as absent). */
function badEui(random: FuzzRandom): string {
  const length = random.pick([random.int(1, 7), random.int(9, 20)]);
  return random.bytes(length).toString('base64');
}

function badLocation(random: FuzzRandom): JsonObject {
  const out = random.int(91, 1000) * random.pick([1, -1]);
  return random.next() < 0.5 ? { latitude: out, longitude: 5 } : { latitude: 5, longitude: out * 2 };
}

const WRONG_TYPES: FieldMangle[] = [
  { message: 'UplinkFrame', path: ['phyPayload'], value: one(42, true, [], {}) },
  { message: 'UplinkFrame', path: ['rxInfo'], value: one('x', 42, [], true) },
  { message: 'UplinkFrame', path: ['rxInfo', 'rssi'], value: one('-80', true, {}, []) },
  { message: 'UplinkFrame', path: ['rxInfo', 'loRaSNR'], value: one('7.5', false, []) },
  { message: 'UplinkFrame', path: ['rxInfo', 'gatewayID'], value: one(42, true, {}, []) },
  { message: 'UplinkFrame', path: ['rxInfo', 'time'], value: one(42, true, {}) },
  { message: 'UplinkFrame', path: ['rxInfo', 'context'], value: one(42, {}, []) },
  { message: 'UplinkFrame', path: ['rxInfo', 'location'], value: one('x', 42, []) },
  { message: 'UplinkFrame', path: ['txInfo'], value: one('x', 42, []) },
  { message: 'UplinkFrame', path: ['txInfo', 'frequency'], value: one('868100000', 868.1, true) },
  { message: 'UplinkFrame', path: ['txInfo', 'loRaModulationInfo'], value: one('x', 42) },
  {
    message: 'UplinkFrame',
    path: ['txInfo', 'loRaModulationInfo', 'spreadingFactor'],
    value: one('SF7', 7.5, []),
  },
  { message: 'UplinkFrame', path: ['txInfo', 'loRaModulationInfo', 'bandwidth'], value: one('125', {}, []) },
  { message: 'UplinkFrame', path: ['txInfo', 'loRaModulationInfo', 'codeRate'], value: one(45, true, {}) },
  { message: 'DownlinkFrame', path: ['items'], value: one('x', {}, 42) },
  { message: 'DownlinkFrame', path: ['items', 0], value: one('x', 42, null, []) },
  { message: 'DownlinkFrame', path: ['items', 0, 'phyPayload'], value: one(42, [], {}) },
  { message: 'DownlinkFrame', path: ['items', 0, 'txInfo'], value: one('x', 42) },
  { message: 'DownlinkFrame', path: ['items', 0, 'txInfo', 'frequency'], value: one('x', 1.5) },
  { message: 'DownlinkFrame', path: ['gatewayID'], value: one(42, {}) },
  { message: 'GatewayStats', path: ['gatewayID'], value: one(42, {}, []) },
  { message: 'GatewayStats', path: ['location'], value: one('x', 42, []) },
  { message: 'GatewayStats', path: ['location', 'latitude'], value: one('1.5', true) },
  { message: 'ConnState', path: ['state'], value: one(true, {}, [], 1.5) },
  { message: 'ConnState', path: ['gatewayID'], value: one(42, {}) },
];

function badValues(marshaler: Marshaler): FieldMangle[] {
  const mangles: FieldMangle[] = [
    { message: 'UplinkFrame', path: ['phyPayload'], value: () => REMOVE },
    { message: 'UplinkFrame', path: ['rxInfo', 'gatewayID'], value: badEui },
    { message: 'UplinkFrame', path: ['rxInfo', 'crcStatus'], value: (random) => random.int(3, 1000) },
    { message: 'UplinkFrame', path: ['rxInfo', 'location'], value: badLocation },
    { message: 'UplinkFrame', path: ['rxInfo', 'loRaSNR'], value: one('NaN', 'Infinity', '-Infinity') },
    { message: 'DownlinkFrame', path: ['gatewayID'], value: badEui },
    { message: 'DownlinkFrame', path: ['items', 0, 'txInfo', 'gatewayID'], value: badEui },
    { message: 'DownlinkFrame', path: ['items', 0, 'phyPayload'], value: () => REMOVE },
    { message: 'DownlinkFrame', path: ['items'], value: () => [] },
    { message: 'GatewayStats', path: ['gatewayID'], value: badEui },
    { message: 'GatewayStats', path: ['location'], value: badLocation },
    { message: 'ConnState', path: ['state'], value: (random) => random.int(2, 1000) },
    { message: 'ConnState', path: ['gatewayID'], value: badEui },
  ];
  // Protobuf cannot even carry these: a Timestamp is no text, an enum no unknown name.
  const jsonOnly: FieldMangle[] = [
    {
      message: 'UplinkFrame',
      path: ['rxInfo', 'time'],
      value: one('yesterday', '2018-13-01T00:00:00Z', '2018-07-26'),
    },
    { message: 'UplinkFrame', path: ['rxInfo', 'crcStatus'], value: one('MAYBE', 'crc_ok', '') },
    { message: 'ConnState', path: ['state'], value: one('MAYBE', 'online', '') },
  ];
  return marshaler === 'json' ? [...mangles, ...jsonOnly] : mangles;
}

function v3Spec(marshaler: Marshaler): FuzzSpec {
  return {
    version: 'v3',
    marshaler,
    bases: bases(),
    ignoredTopics: [
      `${GATEWAY_TOPIC}/event/ack`,
      `${GATEWAY_TOPIC}/event/exec`,
      `${GATEWAY_TOPIC}/command/config`,
      'application/1/device/0202020202020202/event/status',
      'some/other/topic',
    ],
    wrongTypes: WRONG_TYPES,
    badValues: badValues(marshaler),
  };
}

function parse(topic: string, payload: Buffer): IngestOutcome {
  return parseChirpstackV3Message(topic, payload, TEST_CONTEXT);
}

describe('parseChirpstackV3Message, fuzzed', () => {
  it('reads every fuzz base the same in both marshalers (so the fuzz runs start from valid messages)', () => {
    for (const base of bases()) {
      const [json, protobuf] = (['json', 'protobuf'] as const).map((marshaler) =>
        parse(base.topic, encodeBody(v3Spec(marshaler), base.message, base.body)),
      );
      expect(json.kind).toBe(base.frame ? 'packets' : 'gateway');
      const withoutIds = (outcome: IngestOutcome) =>
        outcome.kind === 'packets' ? outcome.packets.map(({ id: _id, ...packet }) => packet) : outcome;
      expect(withoutIds(protobuf)).toEqual(withoutIds(json));
    }
  });

  it.each<[Marshaler, number]>([
    ['json', 30_001],
    ['protobuf', 30_002],
  ])(
    `%s: never throws, refuses ${MALFORMED_CASE_COUNT} malformed messages with a reason, still parses the valid ones (seed %d)`,
    (marshaler, seed) => {
      const report = runFuzz(parse, v3Spec(marshaler), seed);
      expect(report.problems).toEqual([]);
      expect(report.malformed).toBe(MALFORMED_CASE_COUNT);
      expect(report.valid).toBeGreaterThan(600);
      expect(report.ignored).toBeGreaterThan(100);
    },
  );
});
