import type { DataSourceType } from '@lorawatch/domain/packet';
import type { RadioMetadata } from '../frame-packet';
import type { IngestContext } from '../ingest-outcome';
import { fieldPath, type JsonObject, optionalBase64 } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import type { TxRadio } from './lora-tx-info';

export const CHIRPSTACK_V3_SOURCE: DataSourceType = 'chirpstack_collector';

/** What an uplink's rxInfo and txInfo say about its reception. */
export interface UplinkRadio {
  gateway: string | undefined;
  gatewayTime: string | undefined;
  radio: RadioMetadata;
}

/** What a downlink's txInfo says; v3's txInfo may still name the gateway (deprecated there). */
export interface DownlinkRadio {
  gateway: string | undefined;
  tx: TxRadio;
}

/**
 * How one ChirpStack major version spells its gateway messages in ProtoJSON (v3: base64 EUIs, kHz,
 * `loRaSNR`; v4: hex EUIs, Hz, `snr`, `modulation.lora`). The message handlers are the same for both:
 * the same four messages with the same meaning, only the field spellings differ.
 */
export interface ChirpstackDialect {
  source: DataSourceType;
  /** The gateway a stats, connection-state or downlink message names at its top level. */
  readMessageGateway(json: JsonObject): string | undefined;
  readUplinkRadio(json: JsonObject): UplinkRadio;
  /** Reads the txInfo of `holder` (a downlink item, or the message itself in v3 before 3.10). */
  readDownlinkRadio(holder: JsonObject, path: string): DownlinkRadio;
}

/** One message from a ChirpStack gateway topic, in ProtoJSON form whatever its marshaler. */
export interface GatewayMessage {
  topic: string;
  payload: Buffer;
  context: IngestContext;
  /** The EUI in the topic, the fallback when the message names no gateway. */
  topicGateway: string | null;
  json: JsonObject;
  dialect: ChirpstackDialect;
}

export function readPhyPayload(parent: JsonObject, path: string): Buffer | undefined {
  const bytes = optionalBase64(parent, 'phyPayload', path);
  if (bytes !== undefined && bytes.length === 0) return undefined;
  return bytes;
}

export function requirePhyPayload(parent: JsonObject, path: string): Buffer {
  const bytes = readPhyPayload(parent, path);
  if (bytes === undefined) throw new MalformedMessage(`${fieldPath(path, 'phyPayload')} is missing`);
  return bytes;
}
