import { Enum, type Field, type Type } from 'protobufjs';
import { fromJson, toJson } from 'protobufjs/ext/protojson';
import { isJsonObject, type JsonObject } from '../json-fields';
import { MalformedMessage } from '../malformed-message';

export interface ProtobufDecoding {
  type: Type;
  /**
   * Fill in every absent field with its default, as ChirpStack v3's JSON marshaler does (v4's omits them).
   * Protobuf cannot tell 0 from unset, so this is what keeps an SNR of 0 dB an SNR of 0 dB in v3.
   */
  emitDefaults: boolean;
}

/**
 * Decodes a protobuf message into its ProtoJSON form (proto3 JSON mapping: JSON field names, bytes as
 * base64, enums by name, Timestamp as RFC 3339): the very shape the network server's JSON marshaler
 * publishes, so one set of readers serves both marshalers. Throws MalformedMessage.
 */
export function decodeProtobufAsJson(payload: Buffer, decoding: ProtobufDecoding): JsonObject {
  const { type } = decoding;
  let json: unknown;
  try {
    json = toJson(type, type.decode(payload));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new MalformedMessage(`not a valid protobuf ${type.name}: ${detail}`);
  }
  if (!isJsonObject(json)) throw new MalformedMessage(`not a valid protobuf ${type.name}`);
  return shapeMessage(type, json, decoding.emitDefaults);
}

/** The inverse, for the simulator: a ProtoJSON body to protobuf bytes. Throws on a field the schema lacks. */
export function encodeJsonAsProtobuf(type: Type, json: JsonObject): Buffer {
  return Buffer.from(type.encode(fromJson(type, json)).finish());
}

function shapeMessage(type: Type, json: JsonObject, emitDefaults: boolean): JsonObject {
  for (const field of type.fieldsArray) {
    field.resolve();
    const value = json[field.jsonName];
    if (value === undefined) {
      // Unset oneof members stay unset: ChirpStack's marshaler does not emit them either.
      if (emitDefaults && field.partOf === null) json[field.jsonName] = defaultValue(field);
    } else if (field.map && isJsonObject(value)) {
      for (const key of Object.keys(value)) value[key] = shapeValue(field, value[key], emitDefaults);
    } else if (field.repeated && Array.isArray(value)) {
      json[field.jsonName] = value.map((item) => shapeValue(field, item, emitDefaults));
    } else {
      json[field.jsonName] = shapeValue(field, value, emitDefaults);
    }
  }
  return json;
}

function shapeValue(field: Field, value: unknown, emitDefaults: boolean): unknown {
  const nested = field.resolvedType;
  // Well-known types (Timestamp, Duration) are already strings here.
  if (nested !== null && !(nested instanceof Enum) && isJsonObject(value)) {
    return shapeMessage(nested, value, emitDefaults);
  }
  if (field.type === 'float' && typeof value === 'number') return shortestFloat32(value);
  return value;
}

function defaultValue(field: Field): unknown {
  if (field.map) return {};
  if (field.repeated) return [];
  const nested = field.resolvedType;
  if (nested instanceof Enum) return nested.valuesById[0] ?? 0;
  if (nested !== null) return null;
  switch (field.type) {
    case 'string':
    case 'bytes':
      return '';
    case 'bool':
      return false;
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return '0';
    default:
      return 0;
  }
}

/**
 * A float field arrives widened to a double (13.75 stays 13.75, but 7.2 becomes 7.199999809265137). JSON
 * marshalers print the shortest decimal that reads back as the same float; so do we, so that both
 * marshalers give the same number.
 */
function shortestFloat32(value: number): number {
  if (!Number.isFinite(value)) return value;
  for (let digits = 1; digits <= 9; digits += 1) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return value;
}
