import type { RadioMetadata } from '../frame-packet';
import { readGatewayLocation } from '../gateway-location';
import {
  asObject,
  fieldPath,
  type JsonObject,
  optionalNumber,
  optionalObject,
  optionalTime,
} from '../json-fields';
import { readConcentratorCounter } from './ttn-v3-tx-settings';
import { readTtnV3GatewayIds } from './ttn-v3-gateway';

export type TtnV3Rx = Pick<RadioMetadata, 'rssi' | 'lsnr' | 'tmst' | 'latitude' | 'longitude' | 'altitude'>;

/** One `rx_metadata[]` entry: one antenna of one gateway that heard the frame (docs/wire-formats.md §5.4). */
export interface TtnV3Reception {
  gateway: string | undefined;
  /** The gateway's time of reception, ISO 8601 UTC. */
  time: string | undefined;
  radio: TtnV3Rx;
}

export function readTtnV3RxMetadata(entries: unknown[], path: string): TtnV3Reception[] {
  return entries.map((value, index) => readEntry(asObject(value, `${path}[${index}]`), `${path}[${index}]`));
}

function readEntry(entry: JsonObject, path: string): TtnV3Reception {
  const gatewayIds = optionalObject(entry, 'gateway_ids', path);
  const location = readGatewayLocation(optionalObject(entry, 'location', path), fieldPath(path, 'location'));
  return {
    gateway: gatewayIds && readTtnV3GatewayIds(gatewayIds, fieldPath(path, 'gateway_ids')),
    time: optionalTime(entry, 'time', path),
    radio: {
      // `rssi` equals `channel_rssi` on every current TTS; some older builds filled only the latter.
      rssi: optionalNumber(entry, 'rssi', path) ?? optionalNumber(entry, 'channel_rssi', path) ?? null,
      lsnr: optionalNumber(entry, 'snr', path) ?? null,
      tmst: readConcentratorCounter(entry, path) ?? null,
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      altitude: location?.altitude ?? null,
    },
  };
}

/**
 * One reception per gateway. A gateway with several antennas reports one entry per antenna, but it heard one
 * transmission: two packets from the same gateway with the same bytes would read as a replay (wire-formats
 * §2.9). The strongest antenna stands for the gateway; the rest are dropped.
 */
export function strongestPerGateway(
  receptions: TtnV3Reception[],
  fallback: string | undefined,
): TtnV3Reception[] {
  const byGateway = new Map<string | undefined, TtnV3Reception>();
  for (const reception of receptions) {
    const gateway = reception.gateway ?? fallback;
    const known = byGateway.get(gateway);
    if (known === undefined || (reception.radio.rssi ?? -Infinity) > (known.radio.rssi ?? -Infinity)) {
      byGateway.set(gateway, { ...reception, gateway });
    }
  }
  return [...byGateway.values()];
}
