import { fieldPath, type JsonObject, optionalNumber, optionalObject, optionalTime } from '../json-fields';
import { readGatewayLocation } from '../gateway-location';
import { readHexGatewayEui } from '../chirpstack-v3/gateway-eui';
import {
  NO_RECEPTION,
  readContextCounter,
  readCrcStatus,
  type UplinkReception,
} from '../chirpstack-v3/uplink-rx-info';

/**
 * Reads a v4 UplinkRxInfo (docs/wire-formats.md §4.3): hex gateway id, `snr`, and the gateway's receive time as
 * `gwTime`, named `time` before ChirpStack 4.6 (both are field 3, so a bridge sends one or the other).
 * v4 JSON omits zero values, so an absent rssi or snr reads as unknown.
 */
export function readV4UplinkRxInfo(rxInfo: JsonObject | undefined, path: string): UplinkReception {
  if (rxInfo === undefined) return NO_RECEPTION;
  const location = readGatewayLocation(optionalObject(rxInfo, 'location', path), fieldPath(path, 'location'));
  // Both are read, so a broken one is reported even when the other is there.
  const gwTime = optionalTime(rxInfo, 'gwTime', path);
  const time = optionalTime(rxInfo, 'time', path);
  return {
    gateway: readHexGatewayEui(rxInfo, 'gatewayId', path),
    gatewayTime: gwTime ?? time,
    radio: {
      rssi: optionalNumber(rxInfo, 'rssi', path) ?? null,
      lsnr: optionalNumber(rxInfo, 'snr', path) ?? null,
      tmst: readContextCounter(rxInfo, path) ?? null,
      crcOk: readCrcStatus(rxInfo, path),
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      altitude: location?.altitude ?? null,
    },
  };
}
