import { Reader } from 'protobufjs';
import type { IngestOutcome } from '../ingest-outcome';
import { isJsonObject, type JsonObject } from '../json-fields';
import {
  type ChirpstackVersion,
  gatewayMessageType,
  type GatewayMessageName,
} from '../protobuf/gateway-schema';
import { MAX_GATEWAY_MESSAGE_BYTES } from '../protobuf/marshaled-message';
import { encodeJsonAsProtobuf } from '../protobuf/proto-json-codec';

/**
 * Seeded fuzzing of a ChirpStack gateway-message parser: malformed messages of every kind, each built so
 * that it cannot be valid (a test that sometimes feeds valid input is a flaky test), with valid messages
 * interleaved. The same seed gives the same messages, so a failure replays.
 */

export type Marshaler = 'json' | 'protobuf';
export type FieldPath = ReadonlyArray<string | number>;

/** Sets `path` to `value`; REMOVE deletes the field instead. */
export const REMOVE = Symbol('remove');

/** A valid message to start from. `frame` messages (uplinks, downlinks) are invalid without their frame. */
export interface FuzzBase {
  topic: string;
  message: GatewayMessageName;
  body: JsonObject;
  frame: boolean;
}

/** One field of one message kind set to a value that makes any such message malformed. */
export interface FieldMangle {
  message: GatewayMessageName;
  path: FieldPath;
  value: (random: FuzzRandom) => unknown;
}

export interface FuzzSpec {
  version: ChirpstackVersion;
  marshaler: Marshaler;
  bases: readonly FuzzBase[];
  /** Valid messages a parser must ignore rather than call malformed: topics without frames or state. */
  ignoredTopics: readonly string[];
  /** JSON only: a field of the wrong JSON type. */
  wrongTypes: readonly FieldMangle[];
  /** Both marshalers: a field of the right type with a value the parser must refuse. */
  badValues: readonly FieldMangle[];
}

export interface FuzzCase {
  category: string;
  topic: string;
  payload: Buffer;
}

export type FuzzExpectation = 'malformed' | 'ignored' | IngestOutcome;

/** mulberry32, as the simulator's Random: small, seedable, good enough to pick test cases. */
export class FuzzRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  bytes(count: number): Buffer {
    const bytes = Buffer.alloc(count);
    for (let index = 0; index < count; index += 4) {
      const word = Math.floor(this.next() * 4294967296);
      for (let shift = 0; shift < 4 && index + shift < count; shift += 1)
        bytes[index + shift] = word >>> (8 * shift);
    }
    return bytes;
  }

  /** Many bytes cheaply: one random 4 KiB block, repeated. Only for sizes, where the contents hardly matter. */
  filler(count: number): Buffer {
    return Buffer.alloc(count, this.bytes(Math.min(count, 4096)));
  }

  /** Printable ASCII. */
  text(length: number): string {
    let text = '';
    for (let index = 0; index < length; index += 1) text += String.fromCharCode(this.int(0x20, 0x7e));
    return text;
  }
}

export function encodeBody(spec: FuzzSpec, message: GatewayMessageName, body: JsonObject): Buffer {
  return spec.marshaler === 'json'
    ? Buffer.from(JSON.stringify(body))
    : encodeJsonAsProtobuf(gatewayMessageType(spec.version, message), body);
}

export function withField(body: JsonObject, path: FieldPath, value: unknown): JsonObject {
  const copy = structuredClone(body);
  let parent: unknown = copy;
  for (const key of path.slice(0, -1)) {
    const next = isJsonObject(parent) || Array.isArray(parent) ? (parent as JsonObject)[key] : undefined;
    if (!isJsonObject(next) && !Array.isArray(next)) throw new Error(`no ${path.join('.')} in the fuzz base`);
    parent = next;
  }
  const target = parent as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (value === REMOVE) delete target[last];
  else target[last] = value;
  return copy;
}

const CATEGORIES: ReadonlyArray<[name: string, count: number]> = [
  ['random bytes', 2000],
  ['random text', 1000],
  ['wrong JSON', 1000],
  ['bad base64 or bad frame', 1500],
  ['truncated', 2000],
  ['wrong type', 1000],
  ['one field mangled', 1500],
  ['huge', 200],
];

/** How many malformed messages `fuzzCases` yields. */
export const MALFORMED_CASE_COUNT = CATEGORIES.reduce((sum, [, count]) => sum + count, 0);

/**
 * Every malformed case, with a valid message (or a valid message of an ignored topic) after every ten.
 * Yields the case and what the parser must answer.
 */
export function* fuzzCases(
  spec: FuzzSpec,
  seed: number,
  validOutcome: (base: FuzzBase) => IngestOutcome,
): Generator<{ fuzz: FuzzCase; expect: FuzzExpectation }> {
  const random = new FuzzRandom(seed);
  let made = 0;
  for (const [category, count] of CATEGORIES) {
    for (let index = 0; index < count; index += 1) {
      yield { fuzz: { category, ...malformed(spec, category, random) }, expect: 'malformed' };
      made += 1;
      if (made % 10 === 0) yield validCase(spec, random, validOutcome);
    }
  }
}

function validCase(
  spec: FuzzSpec,
  random: FuzzRandom,
  validOutcome: (base: FuzzBase) => IngestOutcome,
): { fuzz: FuzzCase; expect: FuzzExpectation } {
  if (random.next() < 0.2) {
    const topic = random.pick(spec.ignoredTopics);
    return {
      fuzz: { category: 'ignored topic', topic, payload: random.bytes(random.int(0, 64)) },
      expect: 'ignored',
    };
  }
  const base = random.pick(spec.bases);
  const payload = encodeBody(spec, base.message, base.body);
  return { fuzz: { category: 'valid', topic: base.topic, payload }, expect: validOutcome(base) };
}

function malformed(spec: FuzzSpec, category: string, random: FuzzRandom): Omit<FuzzCase, 'category'> {
  const frameBases = spec.bases.filter((base) => base.frame);
  const frameBase = random.pick(frameBases);
  switch (category) {
    case 'random bytes':
      // Only frame topics: a message of nothing but unknown protobuf fields is a valid (empty) stats message.
      return { topic: frameBase.topic, payload: random.bytes(random.int(1, 600)) };
    case 'random text':
      return { topic: frameBase.topic, payload: Buffer.from(`{${random.text(random.int(0, 300))}`) };
    case 'wrong JSON':
      return wrongJson(spec, random, frameBase);
    case 'bad base64 or bad frame':
      return spec.marshaler === 'json' && random.next() < 0.5
        ? withMangled(spec, frameBase, framePath(frameBase), badBase64(random))
        : withMangled(spec, frameBase, framePath(frameBase), badFrame(random).toString('base64'));
    case 'truncated':
      return truncated(spec, random, random.pick(spec.bases));
    case 'wrong type':
      return spec.marshaler === 'json'
        ? mangled(spec, random, spec.wrongTypes)
        : { topic: frameBase.topic, payload: wrongWireType(spec, random, frameBase) };
    case 'one field mangled':
      return mangled(spec, random, spec.badValues);
    case 'huge':
      return huge(spec, random, frameBase);
    default:
      throw new Error(`unknown fuzz category ${category}`);
  }
}

/** The frame of an uplink, or of a downlink's first item. */
function framePath(base: FuzzBase): FieldPath {
  return base.message === 'DownlinkFrame' ? ['items', 0, 'phyPayload'] : ['phyPayload'];
}

function withMangled(
  spec: FuzzSpec,
  base: FuzzBase,
  path: FieldPath,
  value: unknown,
): Omit<FuzzCase, 'category'> {
  return { topic: base.topic, payload: encodeBody(spec, base.message, withField(base.body, path, value)) };
}

function mangled(
  spec: FuzzSpec,
  random: FuzzRandom,
  mangles: readonly FieldMangle[],
): Omit<FuzzCase, 'category'> {
  const mangle = random.pick(mangles);
  const base = random.pick(spec.bases.filter((candidate) => candidate.message === mangle.message));
  return withMangled(spec, base, mangle.path, mangle.value(random));
}

function wrongJson(spec: FuzzSpec, random: FuzzRandom, frameBase: FuzzBase): Omit<FuzzCase, 'category'> {
  // Deep nesting, still under the size limit: a recursive reader would overflow its stack here.
  const nested = (open: string, inner: string, close: string) => {
    const depth = random.int(10, 10_000);
    return open.repeat(depth) + inner + close.repeat(depth);
  };
  const scalar = () =>
    random.pick<unknown>([
      random.int(-1e9, 1e9),
      random.next(),
      random.text(random.int(0, 40)),
      true,
      false,
      null,
    ]);
  const choice = random.int(0, 4);
  if (choice === 0) {
    // Not an object: malformed on every topic, stats and connection state included.
    const array = random.next() < 0.5 ? nested('[', '', ']') : JSON.stringify([scalar(), scalar()]);
    return { topic: random.pick(spec.bases).topic, payload: Buffer.from(array) };
  }
  const text = [
    () => JSON.stringify(scalar()),
    () => nested('{"a":', '1', '}'),
    () => JSON.stringify({ [random.text(random.int(1, 12))]: scalar(), rxInfo: scalar(), items: [scalar()] }),
    () => JSON.stringify({ phyPayload: random.pick<unknown>([random.int(0, 1e6), true, [], {}, null]) }),
  ][choice - 1]();
  // Without a frame, any JSON value is malformed on a frame topic.
  return { topic: frameBase.topic, payload: Buffer.from(text) };
}

/** Text that Buffer.from(…, 'base64') would half-read; a base64 field must be refused instead. */
function badBase64(random: FuzzRandom): string {
  const valid = random.bytes(random.int(5, 40)).toString('base64').replace(/=+$/, '');
  const at = random.int(0, valid.length - 1);
  switch (random.int(0, 2)) {
    case 0:
      return (
        valid.slice(0, at) + random.pick(['!', '%', ' ', '*', '.', ':', '\n', 'é']) + valid.slice(at + 1)
      );
    case 1:
      // A length of 4n+1 is never base64.
      return valid.slice(0, 4 * Math.floor(valid.length / 4)) + 'A';
    default:
      return `${valid.slice(0, at)}=${valid.slice(at)}A`;
  }
}

/** A PHYPayload that no LoRaWAN 1.0 decoder may accept (docs/wire-formats.md §2). */
export function badFrame(random: FuzzRandom): Buffer {
  switch (random.int(0, 5)) {
    case 0: {
      const frame = random.bytes(random.int(5, 60));
      frame[0] = (frame[0] & 0xfc) | random.int(1, 3); // a major version other than LoRaWAN R1
      return frame;
    }
    case 1:
      return random.bytes(random.int(256, 2000)); // over the 255-byte maximum
    case 2: {
      let length = random.int(1, 60);
      if (length === 23) length = 24;
      const frame = random.bytes(length);
      frame[0] = 0x00; // a join request is always 23 bytes
      return frame;
    }
    case 3: {
      let length = random.int(1, 60);
      if (length === 17 || length === 33) length += 1;
      const frame = random.bytes(length);
      frame[0] = 0x20; // a join accept is 17 or 33 bytes
      return frame;
    }
    case 4: {
      const frame = random.bytes(random.int(1, 11));
      frame[0] = random.pick([0x40, 0x60, 0x80, 0xa0]); // shorter than a data frame's header and MIC
      return frame;
    }
    default: {
      const frame = random.bytes(random.int(12, 26));
      frame[0] = random.pick([0x40, 0x80]);
      frame[5] = (frame[5] & 0xf0) | random.int(frame.length - 11, 15); // FOpts running past the MIC
      return frame;
    }
  }
}

/**
 * JSON: a strict prefix of an object's text is never JSON. Protobuf: a cut at a field boundary can leave a
 * valid shorter message, so the cut falls strictly inside a top-level field (its tag, length or bytes).
 */
function truncated(spec: FuzzSpec, random: FuzzRandom, base: FuzzBase): Omit<FuzzCase, 'category'> {
  const whole = encodeBody(spec, base.message, base.body);
  if (spec.marshaler === 'json')
    return { topic: base.topic, payload: whole.subarray(0, random.int(1, whole.length - 1)) };
  const spans = fieldSpans(whole).filter(([start, end]) => end - start >= 2);
  const [start, end] = random.pick(spans);
  return { topic: base.topic, payload: whole.subarray(0, random.int(start + 1, end - 1)) };
}

function fieldSpans(message: Buffer): Array<[start: number, end: number]> {
  const reader = Reader.create(message);
  const spans: Array<[number, number]> = [];
  while (reader.pos < reader.len) {
    const start = reader.pos;
    reader.skipType(reader.uint32() & 7);
    spans.push([start, reader.pos]);
  }
  return spans;
}

/**
 * Protobuf's "wrong type": the field holding the frame (UplinkFrame.phy_payload = 1, DownlinkFrame.items
 * = 5) sent with a scalar wire type. A decoder must treat it as an unknown field, so the frame is missing.
 */
function wrongWireType(spec: FuzzSpec, random: FuzzRandom, base: FuzzBase): Buffer {
  const [key, fieldNumber] = base.message === 'DownlinkFrame' ? ['items', 5] : ['phyPayload', 1];
  const rest = encodeBody(spec, base.message, withField(base.body, [key], REMOVE));
  const wireType = random.pick([0, 1, 5]);
  const value = wireType === 0 ? varint(random.int(0, 0x7fffffff)) : random.bytes(wireType === 1 ? 8 : 4);
  return Buffer.concat([varint((fieldNumber << 3) | wireType), value, rest]);
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value >>> 0;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

function huge(spec: FuzzSpec, random: FuzzRandom, base: FuzzBase): Omit<FuzzCase, 'category'> {
  if (random.next() < 0.5) {
    // Over the size limit: refused unread, even when it is otherwise a valid message.
    const padding = MAX_GATEWAY_MESSAGE_BYTES + random.int(1, 200_000);
    if (random.next() < 0.3) return { topic: base.topic, payload: random.filler(padding) };
    if (spec.marshaler === 'json') {
      return {
        topic: base.topic,
        payload: Buffer.from(JSON.stringify({ ...base.body, padding: 'x'.repeat(padding) })),
      };
    }
    // An unknown length-delimited field 15, which a decoder would skip.
    const unknownField = Buffer.concat([varint((15 << 3) | 2), varint(padding), random.filler(padding)]);
    return {
      topic: base.topic,
      payload: Buffer.concat([encodeBody(spec, base.message, base.body), unknownField]),
    };
  }
  // Under the limit, with a frame far over LoRaWAN's 255 bytes.
  return withMangled(spec, base, framePath(base), random.bytes(random.int(256, 40_000)).toString('base64'));
}

export interface FuzzReport {
  malformed: number;
  ignored: number;
  valid: number;
  /** What went wrong, first ones first; empty when the parser passed. */
  problems: string[];
}

/**
 * Feeds every case to `parse` and checks its answer. A parser must never throw, must give a reason for
 * every refusal, and must never fail "unexpectedly" (a reason from the catch-all, i.e. an unforeseen
 * exception); valid messages must come out exactly as they do on their own.
 */
export function runFuzz(
  parse: (topic: string, payload: Buffer) => IngestOutcome,
  spec: FuzzSpec,
  seed: number,
): FuzzReport {
  const expected = new Map<FuzzBase, IngestOutcome>();
  const validOutcome = (base: FuzzBase): IngestOutcome => {
    let outcome = expected.get(base);
    if (outcome === undefined) {
      outcome = parse(base.topic, encodeBody(spec, base.message, base.body));
      expected.set(base, outcome);
    }
    return outcome;
  };
  const report: FuzzReport = { malformed: 0, ignored: 0, valid: 0, problems: [] };
  const problem = (fuzz: FuzzCase, what: string) => {
    if (report.problems.length < 20) {
      const sample = fuzz.payload.subarray(0, 80).toString(spec.marshaler === 'json' ? 'utf8' : 'hex');
      report.problems.push(
        `${fuzz.category} on ${fuzz.topic} (${fuzz.payload.length} bytes, ${sample}…): ${what}`,
      );
    }
  };
  for (const { fuzz, expect } of fuzzCases(spec, seed, validOutcome)) {
    let outcome: IngestOutcome;
    try {
      outcome = parse(fuzz.topic, fuzz.payload);
    } catch (error) {
      problem(fuzz, `threw ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (typeof expect !== 'string') {
      report.valid += 1;
      if (JSON.stringify(outcome) !== JSON.stringify(expect))
        problem(fuzz, `valid message gave ${JSON.stringify(outcome)}`);
    } else if (outcome.kind !== expect) {
      problem(fuzz, `expected ${expect}, got ${JSON.stringify(outcome).slice(0, 300)}`);
    } else if (outcome.reason.trim() === '' || outcome.reason.startsWith('unexpected parser error')) {
      problem(fuzz, `poor reason: "${outcome.reason}"`);
    } else if (expect === 'malformed') {
      report.malformed += 1;
    } else {
      report.ignored += 1;
    }
  }
  return report;
}
