import { fieldPath, type JsonObject, optionalBase64, optionalString } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { isEuiHex } from './gateway-topic';

/** ChirpStack v3 JSON carries a gateway EUI as base64 of its 8 big-endian bytes (`cnb/AC4GLBg=`). */
export function readBase64GatewayEui(parent: JsonObject, key: string, path: string): string | undefined {
  const bytes = optionalBase64(parent, key, path);
  if (bytes === undefined || bytes.length === 0) return undefined;
  if (bytes.length !== 8)
    throw new MalformedMessage(`${fieldPath(path, key)} must be 8 bytes, got ${bytes.length}`);
  return bytes.toString('hex');
}

/** LoRa Gateway Bridge 2.x (v2_json) carries the gateway MAC as 16 hex digits. */
export function readHexGatewayEui(parent: JsonObject, key: string, path: string): string | undefined {
  const text = optionalString(parent, key, path);
  if (text === undefined || text === '') return undefined;
  if (!isEuiHex(text)) throw new MalformedMessage(`${fieldPath(path, key)} must be 16 hex digits`);
  return text.toLowerCase();
}

export function requireGateway(fromMessage: string | undefined, fromTopic: string | null): string {
  const gateway = fromMessage ?? fromTopic;
  if (gateway === null) throw new MalformedMessage('no gateway id in the message or the topic');
  return gateway;
}
