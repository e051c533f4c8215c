import type { IngestOutcome } from '../ingest-outcome';
import {
  decodeBase64,
  fieldPath,
  isJsonObject,
  type JsonObject,
  optionalObject,
  optionalString,
  parseJsonObject,
} from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { type ApplicationTopic, parseApplicationTopic } from './application-topic';

/** Far above any real application event (an uplink heard by many gateways, with a decoded object). */
export const MAX_APPLICATION_EVENT_BYTES = 256 * 1024;

type DeviceOutcome = Extract<IngestOutcome, { kind: 'device' }>;
type ApplicationEventType = 'up' | 'join';
type ChirpstackApplicationVersion = 'v3' | 'v4';

/** The topic kinds that carry a DevAddr, per version (docs/wire-formats.md §3.6, §4.5). */
const EVENT_TYPES: Record<ChirpstackApplicationVersion, ReadonlyMap<string, ApplicationEventType>> = {
  v3: new Map([
    ['event/up', 'up'],
    ['event/join', 'join'],
    // Application Server before 3.11: one template per type, uplinks on `rx`.
    ['rx', 'up'],
    ['join', 'join'],
  ]),
  v4: new Map([
    ['event/up', 'up'],
    ['event/join', 'join'],
  ]),
};

const HEX_EUI = /^[0-9a-fA-F]{16}$/;
const HEX_DEV_ADDR = /^[0-9a-fA-F]{8}$/;
/** Base64 of 8 bytes: 11 characters and one `=` (docs/wire-formats.md §3.6). */
const BASE64_EUI = /^[A-Za-z0-9+/_-]{11}=$/;

/** True when the topic is a ChirpStack application event topic, which parseChirpstackApplicationEvent reads. */
export function isChirpstackApplicationTopic(topic: string): boolean {
  return parseApplicationTopic(topic) !== undefined;
}

/**
 * Parses one ChirpStack application event into the DevAddr → DevEUI binding it carries (a `device`
 * outcome). `up` and `join` events carry one; other event types, and `up` events of servers that do not
 * include the DevAddr, are `ignored`. Never throws: a broken event is `malformed` with the reason.
 */
export function parseChirpstackApplicationEvent(
  version: ChirpstackApplicationVersion,
  topic: string,
  payload: Buffer,
): IngestOutcome {
  try {
    return parse(version, topic, payload);
  } catch (error) {
    if (error instanceof MalformedMessage) return { kind: 'malformed', reason: error.message };
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'malformed', reason: `unexpected parser error: ${detail}` };
  }
}

function parse(version: ChirpstackApplicationVersion, topic: string, payload: Buffer): IngestOutcome {
  const applicationTopic = parseApplicationTopic(topic);
  if (applicationTopic === undefined)
    return { kind: 'ignored', reason: 'not a ChirpStack application topic' };
  const type = EVENT_TYPES[version].get(applicationTopic.kind);
  if (type === undefined) {
    return {
      kind: 'ignored',
      reason: `application ${applicationTopic.kind} messages carry no DevAddr to DevEUI mapping`,
    };
  }
  const json = readApplicationJson(payload);
  if (json === undefined) {
    return { kind: 'ignored', reason: 'application event not in a JSON marshaler (protobuf is not read)' };
  }
  const binding = version === 'v3' ? readV3Binding(json) : readV4Binding(json);
  if (binding.devAddr === undefined) {
    if (type === 'join') throw new MalformedMessage('application join event without devAddr');
    return { kind: 'ignored', reason: 'application up event without devAddr: no device mapping to learn' };
  }
  checkTopicDevEui(applicationTopic, binding.outcome.devEui);
  return { ...binding.outcome, devAddr: binding.devAddr };
}

/** JSON (either ChirpStack JSON marshaler) or undefined for the protobuf marshaler, which is not read. */
function readApplicationJson(payload: Buffer): JsonObject | undefined {
  if (payload.length === 0) throw new MalformedMessage('empty payload');
  if (payload.length > MAX_APPLICATION_EVENT_BYTES) {
    throw new MalformedMessage(
      `message of ${payload.length} bytes exceeds the ${MAX_APPLICATION_EVENT_BYTES}-byte limit`,
    );
  }
  for (const byte of payload) {
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    return byte === 0x7b || byte === 0x5b ? parseJsonObject(payload) : undefined;
  }
  throw new MalformedMessage('blank payload');
}

interface Binding {
  outcome: Omit<DeviceOutcome, 'devAddr'>;
  devAddr: string | undefined;
}

/**
 * v3 (docs/wire-formats.md §3.6): `json_v3` writes EUIs and the DevAddr as hex, `json` (proto3 mapping) as
 * base64 of their bytes. The DevEUI spelling tells which marshaler wrote the event.
 */
function readV3Binding(json: JsonObject): Binding {
  const devEuiText = requiredString(json, 'devEUI', '');
  const devAddrText = nonEmptyString(json, 'devAddr', '');
  let devEui: string;
  let devAddr: string | undefined;
  if (HEX_EUI.test(devEuiText)) {
    devEui = devEuiText.toLowerCase();
    devAddr = devAddrText === undefined ? undefined : hexDevAddr(devAddrText, 'devAddr');
  } else if (BASE64_EUI.test(devEuiText)) {
    devEui = decodeBase64(devEuiText, 'devEUI').toString('hex');
    devAddr = devAddrText === undefined ? undefined : base64DevAddr(devAddrText, 'devAddr');
  } else {
    throw new MalformedMessage('devEUI must be 16 hex digits (json_v3) or base64 of 8 bytes (json)');
  }
  const gatewayNames = readV3GatewayNames(json, HEX_EUI.test(devEuiText));
  return {
    outcome: {
      kind: 'device',
      devEui,
      ...names(json, ''),
      ...(gatewayNames.length > 0 ? { gatewayNames } : {}),
    },
    devAddr,
  };
}

/**
 * v3 lists every gateway that heard an uplink with its name (`rxInfo[].name`); the gateway id is spelled like the
 * DevEUI of the same marshaler. Entries without a name or a readable id teach nothing and are skipped.
 */
function readV3GatewayNames(json: JsonObject, hex: boolean): Array<{ gateway: string; name: string }> {
  const rxInfo = Array.isArray(json.rxInfo) ? (json.rxInfo as unknown[]) : [];
  const named: Array<{ gateway: string; name: string }> = [];
  rxInfo.forEach((entry, index) => {
    if (!isJsonObject(entry)) return;
    const { name, gatewayID: id } = entry;
    if (typeof name !== 'string' || name === '' || typeof id !== 'string') return;
    if (hex ? HEX_EUI.test(id) : BASE64_EUI.test(id)) {
      const gateway = hex ? id.toLowerCase() : decodeBase64(id, `rxInfo[${index}].gatewayID`).toString('hex');
      named.push({ gateway, name });
    }
  });
  return named;
}

/** v4 (docs/wire-formats.md §4.5): `deviceInfo.devEui` and `devAddr`, both hex. */
function readV4Binding(json: JsonObject): Binding {
  const deviceInfo = optionalObject(json, 'deviceInfo', '');
  if (deviceInfo === undefined) throw new MalformedMessage('deviceInfo is missing');
  const devEuiText = requiredString(deviceInfo, 'devEui', 'deviceInfo');
  if (!HEX_EUI.test(devEuiText)) throw new MalformedMessage('deviceInfo.devEui must be 16 hex digits');
  const devAddrText = nonEmptyString(json, 'devAddr', '');
  return {
    outcome: { kind: 'device', devEui: devEuiText.toLowerCase(), ...names(deviceInfo, 'deviceInfo') },
    devAddr: devAddrText === undefined ? undefined : hexDevAddr(devAddrText, 'devAddr'),
  };
}

function names(holder: JsonObject, path: string): Pick<DeviceOutcome, 'deviceName' | 'applicationName'> {
  const deviceName = nonEmptyString(holder, 'deviceName', path);
  const applicationName = nonEmptyString(holder, 'applicationName', path);
  return {
    ...(deviceName === undefined ? {} : { deviceName }),
    ...(applicationName === undefined ? {} : { applicationName }),
  };
}

function checkTopicDevEui(topic: ApplicationTopic, devEui: string): void {
  if (topic.devEui !== null && topic.devEui !== devEui) {
    throw new MalformedMessage(`devEUI ${devEui} differs from the topic's ${topic.devEui}`);
  }
}

function hexDevAddr(text: string, path: string): string {
  if (!HEX_DEV_ADDR.test(text)) throw new MalformedMessage(`${path} must be 8 hex digits`);
  return text.toLowerCase();
}

function base64DevAddr(text: string, path: string): string {
  const bytes = decodeBase64(text, path);
  if (bytes.length !== 4) throw new MalformedMessage(`${path} must be 4 bytes, got ${bytes.length}`);
  return bytes.toString('hex');
}

function requiredString(holder: JsonObject, key: string, path: string): string {
  const text = nonEmptyString(holder, key, path);
  if (text === undefined) throw new MalformedMessage(`${fieldPath(path, key)} is missing`);
  return text;
}

/** Proto3 JSON writes unset strings and bytes as `""` when it emits defaults: absent, like null. */
function nonEmptyString(holder: JsonObject, key: string, path: string): string | undefined {
  const text = optionalString(holder, key, path);
  return text === '' ? undefined : text;
}
