import { MalformedMessage } from './malformed-message';

/**
 * Typed readers for JSON messages from network servers. Proto3 JSON (ChirpStack) emits `null` for unset
 * message fields, so `null` counts as absent everywhere. Every reader names the field path in its error.
 */
export type JsonObject = Record<string, unknown>;

/** Field paths in error messages read like `rxInfo.rssi`; the message itself is the empty path. */
export function fieldPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function parseJsonObject(payload: Buffer): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    throw new MalformedMessage(`invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return asObject(value, 'the message');
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown, path: string): JsonObject {
  if (!isJsonObject(value)) throw new MalformedMessage(`${path} must be an object`);
  return value;
}

export function optionalObject(parent: JsonObject, key: string, path: string): JsonObject | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  return asObject(value, fieldPath(path, key));
}

export function optionalArray(parent: JsonObject, key: string, path: string): unknown[] | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new MalformedMessage(`${fieldPath(path, key)} must be an array`);
  return value;
}

export function optionalNumber(parent: JsonObject, key: string, path: string): number | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new MalformedMessage(`${fieldPath(path, key)} must be a number`);
  }
  return value;
}

export function optionalInteger(parent: JsonObject, key: string, path: string): number | undefined {
  const value = optionalNumber(parent, key, path);
  if (value !== undefined && !Number.isInteger(value)) {
    throw new MalformedMessage(`${fieldPath(path, key)} must be an integer`);
  }
  return value;
}

export function optionalString(parent: JsonObject, key: string, path: string): string | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new MalformedMessage(`${fieldPath(path, key)} must be a string`);
  return value;
}

export function optionalBoolean(parent: JsonObject, key: string, path: string): boolean | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new MalformedMessage(`${fieldPath(path, key)} must be a boolean`);
  return value;
}

// Standard or URL-safe alphabet, padding optional: proto3 JSON readers accept all four spellings.
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Buffer.from(…, 'base64') silently skips bad characters; a corrupted field must be rejected instead. */
export function decodeBase64(text: string, path: string): Buffer {
  const body = text.replace(/=+$/, '');
  if (!BASE64.test(text) || body.length % 4 === 1) throw new MalformedMessage(`${path} is not valid base64`);
  return Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

export function optionalBase64(parent: JsonObject, key: string, path: string): Buffer | undefined {
  const text = optionalString(parent, key, path);
  return text === undefined ? undefined : decodeBase64(text, fieldPath(path, key));
}

// Date.parse alone accepts things like "2018" or "July 1"; a gateway time must be a full RFC 3339 stamp.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Normalises an RFC 3339 time to ISO 8601 UTC (millisecond precision, as every Packet date). */
export function optionalTime(parent: JsonObject, key: string, path: string): string | undefined {
  const text = optionalString(parent, key, path);
  if (text === undefined || text === '') return undefined;
  const match = RFC3339.exec(text);
  const millis = match && isCalendarDate(match[1], match[2], match[3]) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(millis)) throw new MalformedMessage(`${fieldPath(path, key)} is not an RFC 3339 time`);
  return new Date(millis).toISOString();
}

/** Date.parse rolls an impossible day over ("2024-02-30" is 1 March) instead of refusing it. */
function isCalendarDate(year: string, month: string, day: string): boolean {
  const monthNumber = Number(month);
  const daysInMonth = new Date(Date.UTC(Number(year), monthNumber, 0)).getUTCDate();
  return monthNumber >= 1 && monthNumber <= 12 && Number(day) >= 1 && Number(day) <= daysInMonth;
}
