import { type JsonObject, parseJsonObject } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { decodeProtobufAsJson, type ProtobufDecoding } from './proto-json-codec';

/**
 * Far above any real gateway message (an uplink is under 1 kB, a v4 stats message with every counter a
 * few kB): anything larger is refused before it is parsed, so a flood of huge messages costs nothing.
 */
export const MAX_GATEWAY_MESSAGE_BYTES = 64 * 1024;

/**
 * Reads one gateway message in whichever marshaler the bridge uses; both are common (protobuf is the
 * default of every ChirpStack Gateway Bridge, JSON is optional), and the choice is per bridge, so per
 * message. JSON is recognised by its first byte, `{` (or `[`, which then fails as not an object): no
 * protobuf message here starts with either. A first byte of JSON whitespace is ambiguous: `\n` is also the
 * tag of protobuf field 1, which every one of these messages starts with. So protobuf is tried first
 * there, and JSON only if that fails. Without a `protobuf` type the topic is JSON only.
 */
export function readMarshaledMessage(payload: Buffer, protobuf: ProtobufDecoding | undefined): JsonObject {
  if (payload.length > MAX_GATEWAY_MESSAGE_BYTES) {
    throw new MalformedMessage(
      `message of ${payload.length} bytes exceeds the ${MAX_GATEWAY_MESSAGE_BYTES}-byte limit`,
    );
  }
  if (payload[0] === OPEN_BRACE || payload[0] === OPEN_BRACKET) return parseJsonObject(payload);
  if (protobuf === undefined) {
    if (startsLikeJsonText(payload)) return parseJsonObject(payload);
    throw new MalformedMessage('not JSON: this topic is only read with the JSON marshaler');
  }
  try {
    return decodeProtobufAsJson(payload, protobuf);
  } catch (protobufError) {
    if (!(protobufError instanceof MalformedMessage) || !startsLikeJsonText(payload)) throw protobufError;
    try {
      return parseJsonObject(payload);
    } catch (jsonError) {
      const detail = jsonError instanceof Error ? jsonError.message : String(jsonError);
      throw new MalformedMessage(`neither protobuf (${protobufError.message}) nor JSON (${detail})`);
    }
  }
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

/** JSON text after leading whitespace (space, tab, line feed, carriage return). */
function startsLikeJsonText(payload: Buffer): boolean {
  for (const byte of payload) {
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    return byte === OPEN_BRACE || byte === OPEN_BRACKET;
  }
  return false;
}
