import { fieldPath, type JsonObject, optionalBase64 } from '../json-fields';
import { MalformedMessage } from '../malformed-message';

/** The PHYPayload, base64 in `raw_payload`: always parsed here, never taken from TTS's own decode (§8). */
export function requireRawPayload(message: JsonObject, path: string): Buffer {
  const phyPayload = optionalBase64(message, 'raw_payload', path);
  // TTS omits empty fields, so "" and absent mean the same: the event carries no frame.
  if (phyPayload === undefined || phyPayload.length === 0) {
    throw new MalformedMessage(`${fieldPath(path, 'raw_payload')} is missing`);
  }
  return phyPayload;
}
