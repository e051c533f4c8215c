import { readFixtureJson } from '@lorawatch/lorawan/testing/fixtures';
import { Random } from '@lorawatch/simulator/random';
import { TEST_CONTEXT } from '../testing/outcomes';
import { parseTtnV3Event } from './parse-ttn-v3-event';

type Json = Record<string, unknown>;

const MALFORMED_EVENTS = 10_000;
const VALID_EVERY = 5;

const UPLINK = readFixtureJson<{ result: Json }>('ttn-v3/events-stream-gs-up-receive-2024.json').result;
const [STATUS, OLD_UPLINK, , DOWNLINK] = readFixtureJson<Json[]>('ttn-v3/console-gateway-events-2020.json');
const JOIN_REQUEST = 'ACfYjArJyEX048UA8Y/Vs3DPIj59LUE=';
const DATA_UP = ((UPLINK.data as Json).message as Json).raw_payload as string;

const clone = <T>(value: T): T => structuredClone(value);

/** Where a valid uplink event holds a field the parser checks, and what kind of value it must be. */
const CHECKED_FIELDS: Array<
  [path: string[], kind: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'uint64']
> = [
  [['name'], 'string'],
  [['time'], 'string'],
  [['identifiers'], 'array'],
  [['correlation_ids'], 'array'],
  [['data'], 'object'],
  [['data', '@type'], 'string'],
  [['data', 'message'], 'object'],
  [['data', 'message', 'raw_payload'], 'string'],
  [['data', 'message', 'settings'], 'object'],
  [['data', 'message', 'settings', 'frequency'], 'uint64'],
  [['data', 'message', 'settings', 'timestamp'], 'number'],
  [['data', 'message', 'settings', 'time'], 'string'],
  [['data', 'message', 'settings', 'data_rate'], 'object'],
  [['data', 'message', 'settings', 'data_rate', 'lora'], 'object'],
  [['data', 'message', 'settings', 'data_rate', 'lora', 'bandwidth'], 'number'],
  [['data', 'message', 'settings', 'data_rate', 'lora', 'spreading_factor'], 'number'],
  [['data', 'message', 'settings', 'data_rate', 'lora', 'coding_rate'], 'string'],
  [['data', 'message', 'rx_metadata'], 'array'],
  [['data', 'message', 'rx_metadata', '0'], 'object'],
  [['data', 'message', 'rx_metadata', '0', 'gateway_ids'], 'object'],
  [['data', 'message', 'rx_metadata', '0', 'gateway_ids', 'eui'], 'string'],
  [['data', 'message', 'rx_metadata', '0', 'time'], 'string'],
  [['data', 'message', 'rx_metadata', '0', 'timestamp'], 'number'],
  [['data', 'message', 'rx_metadata', '0', 'rssi'], 'number'],
  [['data', 'message', 'rx_metadata', '0', 'snr'], 'number'],
  [['data', 'message', 'rx_metadata', '0', 'location'], 'object'],
  [['data', 'message', 'rx_metadata', '0', 'location', 'latitude'], 'number'],
  [['data', 'message', 'crc_status'], 'boolean'],
];

/** Deterministic malformed-event generators; each returns something the parser must call malformed. */
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
        return Object.fromEntries(
          Array.from({ length: random.int(0, 4) }, () => [
            random.pick(['data', 'x', 'result', 'time', 'error']),
            randomJson(depth + 1),
          ]),
        );
    }
  };
  const wrongValue = (kind: string): unknown => {
    // 64-bit integers come as decimal strings or numbers: wrong is anything else, or a negative or fraction.
    if (kind === 'uint64') return random.pick<unknown>(['868.1', 'text', true, [1], { a: 1 }, -5, 1.5]);
    const candidates: unknown[] = [7, 'text', true, [1], { a: 1 }].filter((value) => {
      if (kind === 'array') return !Array.isArray(value);
      if (kind === 'object') return typeof value !== 'object' || Array.isArray(value);
      return typeof value !== kind;
    });
    return random.pick(candidates);
  };
  const setPath = (target: Json, path: string[], value: unknown): Json => {
    let node = target as Record<string, unknown>;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[path[path.length - 1]] = value;
    return target;
  };
  const withRaw = (raw: string): Json => setPath(clone(UPLINK), ['data', 'message', 'raw_payload'], raw);

  return [
    // Random JSON that is no event: no string name anywhere at the top.
    () => randomJson(0),
    // A valid event with one checked field of the wrong type.
    () => {
      const [path, kind] = random.pick(CHECKED_FIELDS);
      return setPath(clone(UPLINK), path, wrongValue(kind));
    },
    // Bad base64: a character outside both alphabets somewhere in raw_payload.
    () => {
      const at = random.int(0, DATA_UP.length - 1);
      return withRaw(
        `${DATA_UP.slice(0, at)}${random.pick(['*', '!', ' ', '.', '%', 'é'])}${DATA_UP.slice(at)}`,
      );
    },
    // Truncated frames: a data frame below its 12-byte minimum, a join request below 23 bytes.
    () => withRaw(Buffer.from(DATA_UP, 'base64').subarray(0, random.int(1, 11)).toString('base64')),
    () => withRaw(Buffer.from(JOIN_REQUEST, 'base64').subarray(0, random.int(1, 22)).toString('base64')),
    // Random bytes as a frame: an unknown major version always fails, whatever follows.
    () =>
      withRaw(
        Buffer.concat([
          Buffer.from([random.int(0, 63) * 4 + random.int(1, 3)]),
          random.bytes(random.int(4, 40)),
        ]).toString('base64'),
      ),
    // Huge: a frame far beyond 255 bytes, or a name of a megabyte.
    () =>
      random.chance(0.5)
        ? withRaw(Buffer.alloc(random.int(256, 200_000), random.bytes(64)).toString('base64'))
        : { ...UPLINK, name: 'gs.'.repeat(random.int(50, 400_000)) },
    // A downlink or a status without the gateway it is about.
    () => ({ ...clone(random.pick([DOWNLINK, STATUS])), identifiers: [] }),
  ];
}

function validEvent(random: Random, index: number): Json {
  const event = clone(random.pick([UPLINK, OLD_UPLINK, DOWNLINK, STATUS]));
  event.unique_id = `01HWGQKWGR${String(index).padStart(16, '0')}`;
  return event;
}

describe('parseTtnV3Event under fuzzing', () => {
  it(`reports ${MALFORMED_EVENTS} malformed events as malformed, never throwing, and parses the valid ones between them`, () => {
    const random = new Random(20240427);
    const make = generators(random);
    const counts = { malformed: 0, valid: 0, validParsed: 0 };
    const surprises: string[] = [];
    for (let index = 0; counts.malformed < MALFORMED_EVENTS; index += 1) {
      if (index % VALID_EVERY === 0) {
        counts.valid += 1;
        const outcome = parseTtnV3Event(validEvent(random, index), TEST_CONTEXT);
        if (outcome.kind === 'packets' || outcome.kind === 'gateway') counts.validParsed += 1;
        else surprises.push(`valid event #${index} gave ${JSON.stringify(outcome)}`);
        continue;
      }
      const generator = random.int(0, make.length - 1);
      const event = make[generator]();
      const outcome = parseTtnV3Event(event, TEST_CONTEXT);
      counts.malformed += 1;
      if (outcome.kind !== 'malformed') {
        surprises.push(`generator ${generator} gave ${outcome.kind}: ${JSON.stringify(event).slice(0, 300)}`);
      } else if (outcome.reason.length > 400) {
        surprises.push(`generator ${generator} gave a reason of ${outcome.reason.length} characters`);
      }
    }
    expect(surprises.slice(0, 5)).toEqual([]);
    expect(counts.validParsed).toBe(counts.valid);
    expect(counts.valid).toBeGreaterThanOrEqual(MALFORMED_EVENTS / (VALID_EVERY - 1) - 1);
  });
});
