import type { DataSourceType } from '@lorawatch/domain/packet';
import type { IngestContext } from '../ingest-outcome';
import { type JsonObject, optionalBase64 } from '../json-fields';
import { MalformedMessage } from '../malformed-message';

export const CHIRPSTACK_V3_SOURCE: DataSourceType = 'chirpstack_collector';

/** One JSON message from a ChirpStack v3 gateway topic, with everything a handler needs to build packets. */
export interface GatewayMessage {
  topic: string;
  payload: Buffer;
  context: IngestContext;
  /** The EUI in the topic, the fallback when the message names no gateway. */
  topicGateway: string | null;
  json: JsonObject;
}

export function readPhyPayload(parent: JsonObject, path: string): Buffer | undefined {
  const bytes = optionalBase64(parent, 'phyPayload', path);
  if (bytes !== undefined && bytes.length === 0) return undefined;
  return bytes;
}

export function requirePhyPayload(parent: JsonObject, path: string): Buffer {
  const bytes = readPhyPayload(parent, path);
  if (bytes === undefined)
    throw new MalformedMessage(path === '' ? 'phyPayload is missing' : `${path}.phyPayload is missing`);
  return bytes;
}
