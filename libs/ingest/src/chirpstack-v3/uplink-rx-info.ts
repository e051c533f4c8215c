import type { RadioMetadata } from '../frame-packet';
import {
  fieldPath,
  type JsonObject,
  optionalBase64,
  optionalInteger,
  optionalNumber,
  optionalObject,
  optionalTime,
} from '../json-fields';
import { readGatewayLocation } from '../gateway-location';
import { MalformedMessage } from '../malformed-message';
import { readBase64GatewayEui } from './gateway-eui';

export interface UplinkReception {
  gateway: string | undefined;
  gatewayTime: string | undefined;
  radio: Omit<RadioMetadata, 'frequency' | 'spreadingFactor' | 'bandwidth' | 'codeRate'>;
}

/** An uplink without rxInfo: nothing known beyond the frame and the topic. */
export const NO_RECEPTION: UplinkReception = {
  gateway: undefined,
  gatewayTime: undefined,
  radio: { rssi: null, lsnr: null, tmst: null, crcOk: null, latitude: null, longitude: null, altitude: null },
};

/** Reads a v3 UplinkRXInfo (docs/wire-formats.md §3.4). */
export function readV3UplinkRxInfo(rxInfo: JsonObject | undefined, path: string): UplinkReception {
  if (rxInfo === undefined) return NO_RECEPTION;
  const location = readGatewayLocation(optionalObject(rxInfo, 'location', path), fieldPath(path, 'location'));
  return {
    gateway: readBase64GatewayEui(rxInfo, 'gatewayID', path),
    gatewayTime: optionalTime(rxInfo, 'time', path),
    radio: {
      rssi: optionalNumber(rxInfo, 'rssi', path) ?? null,
      lsnr: optionalNumber(rxInfo, 'loRaSNR', path) ?? null,
      tmst: readConcentratorCounter(rxInfo, path),
      crcOk: readCrcStatus(rxInfo, path),
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      altitude: location?.altitude ?? null,
    },
  };
}

/** Bridges before v3 sent the counter as `timestamp`; v3 bridges put it in `context`. */
function readConcentratorCounter(rxInfo: JsonObject, path: string): number | null {
  return readContextCounter(rxInfo, path) ?? optionalInteger(rxInfo, 'timestamp', path) ?? null;
}

/**
 * With the Semtech UDP backend the opaque `context` is the 4-byte big-endian `tmst`; other backends put
 * other bytes there, which are not a counter.
 */
export function readContextCounter(rxInfo: JsonObject, path: string): number | undefined {
  const context = optionalBase64(rxInfo, 'context', path);
  return context !== undefined && context.length === 4 ? context.readUInt32BE(0) : undefined;
}

const CRC_STATUS: Record<string, boolean | null> = { CRC_OK: true, BAD_CRC: false, NO_CRC: null };
const CRC_STATUS_BY_NUMBER = ['NO_CRC', 'BAD_CRC', 'CRC_OK'];

/** Absent on bridges older than December 2019: unknown, not "no CRC". Proto3 JSON may use the enum number. */
export function readCrcStatus(rxInfo: JsonObject, path: string): boolean | null {
  const raw = rxInfo.crcStatus;
  if (raw === undefined || raw === null) return null;
  const name = typeof raw === 'number' ? CRC_STATUS_BY_NUMBER[raw] : raw;
  if (typeof name !== 'string' || !Object.hasOwn(CRC_STATUS, name)) {
    throw new MalformedMessage(`${fieldPath(path, 'crcStatus')} must be one of NO_CRC, BAD_CRC, CRC_OK`);
  }
  return CRC_STATUS[name];
}
