import type { RadioMetadata } from '../frame-packet';
import {
  fieldPath,
  type JsonObject,
  optionalInteger,
  optionalNumber,
  optionalObject,
  optionalString,
} from '../json-fields';

export type TxRadio = Pick<RadioMetadata, 'frequency' | 'spreadingFactor' | 'bandwidth' | 'codeRate'>;

export const NO_TX_RADIO: TxRadio = {
  frequency: null,
  spreadingFactor: null,
  bandwidth: null,
  codeRate: null,
};

/**
 * Reads a v3 `txInfo` (UplinkTXInfo or DownlinkTXInfo). v3 reports the LoRa bandwidth in kHz, v4 and the
 * normalised packet in Hz, hence the ×1000.
 */
export function readV3TxInfo(txInfo: JsonObject | undefined, path: string): TxRadio {
  if (txInfo === undefined) return NO_TX_RADIO;
  const lora = optionalObject(txInfo, 'loRaModulationInfo', path);
  const loraPath = fieldPath(path, 'loRaModulationInfo');
  const bandwidthKhz = lora && optionalNumber(lora, 'bandwidth', loraPath);
  return {
    frequency: optionalInteger(txInfo, 'frequency', path) ?? null,
    spreadingFactor: (lora && optionalInteger(lora, 'spreadingFactor', loraPath)) ?? null,
    bandwidth: bandwidthKhz ? bandwidthKhz * 1000 : null,
    codeRate: (lora && optionalString(lora, 'codeRate', loraPath)) || null,
  };
}
