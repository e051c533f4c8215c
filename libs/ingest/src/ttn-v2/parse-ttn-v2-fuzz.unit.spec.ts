import { frameVectors, ttnHandshake } from '@lorawatch/lorawan/testing/fixtures';
import { Random } from '@lorawatch/simulator/random';
import { TEST_CONTEXT } from '../testing/outcomes';
import { parseTtnV2Frame } from './parse-ttn-v2-frame';

type Json = Record<string, unknown>;

const MALFORMED_FRAMES = 10_000;
const VALID_EVERY = 5;

const vector = (id: string): string =>
  frameVectors('vectors-lora-packet.json').find((v) => v.id === id)!.phy_base64;
const DATA_UP = vector('lp-data-up-test');
const DATA_DOWN = vector('lp-data-down-ack');
const JOIN_REQUEST = Buffer.from(ttnHandshake().join_request.phy_hex, 'hex').toString('base64');
const JOIN_ACCEPT = Buffer.from(ttnHandshake().join_accept.phy_hex, 'hex').toString('base64');

const RADIO = {
  snr: 7.5,
  rssi: -97,
  frequency: 868.3,
  data_rate: 'SF9BW125',
  coding_rate: '4/5',
  timestamp: 2_000_000_000,
  time: '2021-06-01T10:00:00.123Z',
};
const VALID: Json[] = [
  { type: 'gateway uplink', gateway_id: 'ttn-herengracht-ams', payload: DATA_UP, ...RADIO },
  { type: 'gateway downlink', gateway_id: 'eui-b827ebfffe8db887', payload: DATA_DOWN, ...RADIO },
  { type: 'gateway join request', gateway_id: 'gw_one', payload: JOIN_REQUEST, ...RADIO },
  { type: 'gateway join accept', gateway_id: 'gw_one', payload: JOIN_ACCEPT, frequency: 869.525 },
  { type: 'gateway status', gateway_id: 'gw_one', latitude: 52.1, longitude: 4.7, altitude: 3 },
];
const UPLINK = VALID[0];

/** Where a valid frame holds a field the parser checks, and what kind of value it must be. */
const CHECKED_FIELDS: Array<[key: string, kind: 'string' | 'number']> = [
  ['type', 'string'],
  ['gateway_id', 'string'],
  ['payload', 'string'],
  ['snr', 'number'],
  ['rssi', 'number'],
  ['frequency', 'number'],
  ['data_rate', 'string'],
  ['coding_rate', 'string'],
  ['timestamp', 'number'],
  ['time', 'string'],
  ['latitude', 'number'],
  ['dev_eui', 'string'],
];

const clone = <T>(value: T): T => structuredClone(value);

/** Deterministic malformed-frame generators; each returns something the parser must call malformed. */
function generators(random: Random): Array<() => unknown> {
  const randomJson = (depth: number): unknown => {
    switch (random.int(0, depth > 2 ? 3 : 5)) {
      case 0:
        return random.normal(0, 1e6);
      case 1:
        return random.hex(random.int(0, 20));
      case 2:
        return random.chance(0.5);
      case 3:
        return null;
      case 4:
        return Array.from({ length: random.int(0, 4) }, () => randomJson(depth + 1));
      default:
        // No `type` key: without a string type nothing is a frame.
        return Object.fromEntries(
          Array.from({ length: random.int(0, 4) }, () => [
            random.pick(['payload', 'gateway_id', 'x', 'time', 'frequency']),
            randomJson(depth + 1),
          ]),
        );
    }
  };
  const wrongValue = (kind: string): unknown =>
    random.pick<unknown>([7, 'text', true, [1], { a: 1 }].filter((value) => typeof value !== kind));
  const withPayload = (payload: string): Json => ({ ...clone(UPLINK), payload });

  return [
    () => randomJson(0),
    // A valid frame with one checked field of the wrong type.
    () => {
      const [key, kind] = random.pick(CHECKED_FIELDS);
      return { ...clone(UPLINK), [key]: wrongValue(kind) };
    },
    // Bad base64: a character outside both alphabets somewhere in the payload.
    () => {
      const at = random.int(0, DATA_UP.length - 1);
      return withPayload(
        `${DATA_UP.slice(0, at)}${random.pick(['*', '!', ' ', '.', '%', 'é'])}${DATA_UP.slice(at)}`,
      );
    },
    // Truncated frames: a data frame below 12 bytes, a join request below 23.
    () => withPayload(Buffer.from(DATA_UP, 'base64').subarray(0, random.int(1, 11)).toString('base64')),
    () => withPayload(Buffer.from(JOIN_REQUEST, 'base64').subarray(0, random.int(1, 22)).toString('base64')),
    // Random bytes with an unknown major version.
    () =>
      withPayload(
        Buffer.concat([
          Buffer.from([random.int(0, 63) * 4 + random.int(1, 3)]),
          random.bytes(random.int(4, 40)),
        ]).toString('base64'),
      ),
    // Huge: a frame far beyond 255 bytes, or a type of a megabyte.
    () =>
      random.chance(0.5)
        ? withPayload(Buffer.alloc(random.int(256, 200_000), random.bytes(64)).toString('base64'))
        : { ...UPLINK, type: 'gateway '.repeat(random.int(10, 100_000)) },
    // Out-of-range radio values.
    () =>
      random.pick<Json>([
        { ...UPLINK, frequency: random.pick([-1, 20_000, 999_999.5, Number.MAX_VALUE]) },
        { ...UPLINK, data_rate: `SF${random.int(13, 99)}BW125` },
        { ...UPLINK, data_rate: `SF7BW${random.pick([0, 100, 126, 1000])}` },
        { ...UPLINK, timestamp: random.pick([-1, 2 ** 32, 0.5]) },
        { ...UPLINK, time: random.pick(['2021-02-30T00:00:00Z', '2021', 'now']) },
        { ...UPLINK, latitude: random.between(90.001, 1000), longitude: 1 },
        { ...UPLINK, dev_eui: random.hex(random.int(1, 7)) },
      ]),
    // A frame type that lies about its payload, or has no gateway.
    () =>
      random.pick<Json>([
        { ...UPLINK, type: 'gateway join request' },
        { ...VALID[2], type: random.pick(['gateway uplink', 'gateway join accept']) },
        { ...VALID[3], type: 'gateway downlink' },
        { ...clone(random.pick(VALID)), gateway_id: random.pick(['', 'A', 'gw one', '-gw', 'x'.repeat(40)]) },
      ]),
  ];
}

describe('parseTtnV2Frame under fuzzing', () => {
  it(`reports ${MALFORMED_FRAMES} malformed frames as malformed, never throwing, and parses the valid ones between them`, () => {
    const random = new Random(20211208);
    const make = generators(random);
    const counts = { malformed: 0, valid: 0, validParsed: 0 };
    const surprises: string[] = [];
    for (let index = 0; counts.malformed < MALFORMED_FRAMES; index += 1) {
      if (index % VALID_EVERY === 0) {
        counts.valid += 1;
        const frame = { ...clone(random.pick(VALID)), timestamp: index };
        const outcome = parseTtnV2Frame(frame, TEST_CONTEXT);
        if (outcome.kind === 'packets' || outcome.kind === 'gateway') counts.validParsed += 1;
        else surprises.push(`valid frame #${index} gave ${JSON.stringify(outcome)}`);
        continue;
      }
      const generator = random.int(0, make.length - 1);
      const frame = make[generator]();
      let outcome;
      try {
        outcome = parseTtnV2Frame(frame, TEST_CONTEXT);
      } catch (error) {
        surprises.push(`generator ${generator} threw ${String(error)}`);
        continue;
      } finally {
        counts.malformed += 1;
      }
      if (outcome.kind !== 'malformed') {
        surprises.push(`generator ${generator} gave ${outcome.kind}: ${JSON.stringify(frame).slice(0, 300)}`);
      } else if (outcome.reason.length > 400) {
        surprises.push(`generator ${generator} gave a reason of ${outcome.reason.length} characters`);
      }
    }
    expect(surprises.slice(0, 5)).toEqual([]);
    expect(counts.validParsed).toBe(counts.valid);
    expect(counts.valid).toBeGreaterThanOrEqual(MALFORMED_FRAMES / (VALID_EVERY - 1) - 1);
  });
});
