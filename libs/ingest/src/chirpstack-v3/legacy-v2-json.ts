import type { Direction } from '@lorawatch/domain/packet';
import type { IngestOutcome } from '../ingest-outcome';
import { framePacket, NO_RADIO_METADATA, type RadioMetadata } from '../frame-packet';
import { readGatewayLocation } from '../gateway-location';
import {
  type JsonObject,
  optionalInteger,
  optionalNumber,
  optionalObject,
  optionalString,
  optionalTime,
} from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { packetId } from '../packet-id';
import { readHexGatewayEui, requireGateway } from './gateway-eui';
import { CHIRPSTACK_V3_SOURCE, type GatewayMessage, requirePhyPayload } from './gateway-message';

/**
 * LoRa Gateway Bridge 2.x `v2_json` messages on `gateway/{mac}/rx`, `/tx` and `/stats` (docs/wire-formats.md §3.2).
 * Old bridges are still deployed, and RoLaGuard accepts these topics too.
 */
export function parseLegacyRx(message: GatewayMessage): IngestOutcome {
  return legacyFrame(message, 'rxInfo', 'up');
}

export function parseLegacyTx(message: GatewayMessage): IngestOutcome {
  return legacyFrame(message, 'txInfo', 'down');
}

export function parseLegacyStats(message: GatewayMessage): IngestOutcome {
  const { json } = message;
  const gateway = requireGateway(readHexGatewayEui(json, 'mac', ''), message.topicGateway);
  // v2 stats carry the coordinates at the top level, not in a `location` object.
  const location = readGatewayLocation(json, '');
  return location ? { kind: 'gateway', gateway, location } : { kind: 'gateway', gateway };
}

function legacyFrame(
  message: GatewayMessage,
  infoKey: 'rxInfo' | 'txInfo',
  direction: Direction,
): IngestOutcome {
  const { json, context } = message;
  const phyPayload = requirePhyPayload(json, '');
  const info = optionalObject(json, infoKey, '');
  const gateway = requireGateway(info && readHexGatewayEui(info, 'mac', infoKey), message.topicGateway);
  const gatewayTime = info && direction === 'up' ? optionalTime(info, 'time', infoKey) : undefined;
  const packet = framePacket({
    id: packetId(context.dataSourceId, message.topic, message.payload, 0),
    organizationId: context.organizationId,
    dataSourceId: context.dataSourceId,
    source: CHIRPSTACK_V3_SOURCE,
    date: gatewayTime ?? null,
    receivedAt: context.receivedAt,
    topic: message.topic,
    direction,
    gateway,
    phyPayload,
    radio: info ? readLegacyRadio(info, infoKey) : NO_RADIO_METADATA,
  });
  return { kind: 'packets', packets: [packet] };
}

function readLegacyRadio(info: JsonObject, path: string): RadioMetadata {
  const dataRate = optionalObject(info, 'dataRate', path);
  const dataRatePath = `${path}.dataRate`;
  const bandwidthKhz = dataRate && optionalNumber(dataRate, 'bandwidth', dataRatePath);
  return {
    ...NO_RADIO_METADATA,
    rssi: optionalNumber(info, 'rssi', path) ?? null,
    lsnr: optionalNumber(info, 'loRaSNR', path) ?? null,
    frequency: optionalInteger(info, 'frequency', path) ?? null,
    spreadingFactor: (dataRate && optionalInteger(dataRate, 'spreadFactor', dataRatePath)) ?? null,
    bandwidth: bandwidthKhz ? bandwidthKhz * 1000 : null,
    codeRate: optionalString(info, 'codeRate', path) || null,
    tmst: optionalInteger(info, 'timestamp', path) ?? null,
    crcOk: readLegacyCrcStatus(info, path),
  };
}

/** v2 JSON: 1 = CRC ok, -1 = bad CRC, 0 = no CRC. */
function readLegacyCrcStatus(info: JsonObject, path: string): boolean | null {
  const status = optionalInteger(info, 'crcStatus', path);
  if (status === undefined || status === 0) return null;
  if (status === 1) return true;
  if (status === -1) return false;
  throw new MalformedMessage(`${path}.crcStatus must be 1, 0 or -1`);
}
