import {
  asObject,
  fieldPath,
  isJsonObject,
  type JsonObject,
  optionalArray,
  optionalObject,
  optionalString,
  optionalTime,
} from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { quoted } from './quoted';
import { readTtnV3GatewayIds } from './ttn-v3-gateway';

export const TTN_V3_SOURCE = 'ttn_v3_collector';

/** Event names are dotted lowercase words (`gs.up.receive`); anything else is not a TTS event. */
const EVENT_NAME = /^[a-z0-9_]+(?:\.[a-z0-9_]+)*$/;
const MAX_EVENT_NAME = 100;

/** What every TTS event carries around its `data` (docs/wire-formats.md §5.3, "Event envelope"). */
export interface TtnV3Envelope {
  name: string;
  /** The server's time of the event, ISO 8601 UTC. */
  time: string | undefined;
  /**
   * What makes this event unique, for deterministic packet ids: `unique_id` (a ULID), the correlation ids
   * (`gs:uplink:<ULID>` names one reception) and the time. The same event streamed again gives the same text.
   */
  identity: string;
  /** The gateway the event is about, from `identifiers[].gateway_ids`: the stream's gateway. */
  gateway: string | undefined;
  data: JsonObject | undefined;
}

/**
 * Reads an event as the stream delivers it: `{"result": {...}}`, or the event itself. A stream error object
 * (`{"error": {...}}`) is no event; the collector handles those before parsing, so here it is malformed.
 */
export function readTtnV3Envelope(value: unknown): TtnV3Envelope {
  const event = unwrapStreamLine(asObject(value, 'the event'));
  const rawName = event.name;
  if (typeof rawName !== 'string') throw new MalformedMessage('name must be a string');
  if (rawName.length > MAX_EVENT_NAME || !EVENT_NAME.test(rawName)) {
    throw new MalformedMessage(`name ${quoted(rawName)} is not a TTS event name`);
  }
  const time = optionalTime(event, 'time', '');
  const uniqueId = optionalString(event, 'unique_id', '');
  const correlationIds = readCorrelationIds(event, '');
  return {
    name: rawName,
    time,
    identity: JSON.stringify([uniqueId ?? '', correlationIds, time ?? '']),
    gateway: readIdentifiersGateway(event),
    data: optionalObject(event, 'data', ''),
  };
}

function unwrapStreamLine(object: JsonObject): JsonObject {
  if (object.name !== undefined) return object;
  if (isJsonObject(object.result)) return object.result;
  if (object.result !== undefined) throw new MalformedMessage('result must be an object');
  if (object.error !== undefined)
    throw new MalformedMessage(`stream error: ${streamErrorText(object.error)}`);
  throw new MalformedMessage('name must be a string');
}

/** The message of a stream error or an HTTP error body: `{code, message}`, possibly inside `error`. */
export function streamErrorText(error: unknown): string {
  if (!isJsonObject(error)) return typeof error === 'string' ? quoted(error) : 'unknown error';
  const code = typeof error.code === 'number' ? ` (code ${error.code})` : '';
  return typeof error.message === 'string' ? `${error.message.slice(0, 500)}${code}` : `error${code}`;
}

function readCorrelationIds(parent: JsonObject, path: string): string[] {
  const ids = optionalArray(parent, 'correlation_ids', path) ?? [];
  return ids.map((id, index) => {
    if (typeof id !== 'string') {
      throw new MalformedMessage(`${fieldPath(path, 'correlation_ids')}[${index}] must be a string`);
    }
    return id;
  });
}

function readIdentifiersGateway(event: JsonObject): string | undefined {
  const identifiers = optionalArray(event, 'identifiers', '') ?? [];
  for (const [index, entry] of identifiers.entries()) {
    const path = `identifiers[${index}]`;
    const gatewayIds = optionalObject(asObject(entry, path), 'gateway_ids', path);
    if (gatewayIds === undefined) continue;
    const gateway = readTtnV3GatewayIds(gatewayIds, `${path}.gateway_ids`);
    if (gateway !== undefined) return gateway;
  }
  return undefined;
}
