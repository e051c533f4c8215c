import { fieldPath, type JsonObject, optionalInteger, optionalObject } from '../json-fields';
import { NO_TX_RADIO, type TxRadio } from '../chirpstack-v3/lora-tx-info';
import { readV4CodeRate } from './code-rate';

/**
 * Reads a v4 `txInfo` (UplinkTxInfo or DownlinkTxInfo): the modulation parameters moved into
 * `modulation.lora` / `modulation.lrFhss`, the bandwidth is in Hz, and the code rate is an enum.
 */
export function readV4TxInfo(txInfo: JsonObject | undefined, path: string): TxRadio {
  if (txInfo === undefined) return NO_TX_RADIO;
  const modulationPath = fieldPath(path, 'modulation');
  const modulation = optionalObject(txInfo, 'modulation', path);
  const lora = modulation && optionalObject(modulation, 'lora', modulationPath);
  const lrFhss = modulation && optionalObject(modulation, 'lrFhss', modulationPath);
  const loraPath = fieldPath(modulationPath, 'lora');
  return {
    frequency: optionalInteger(txInfo, 'frequency', path) ?? null,
    spreadingFactor: (lora && optionalInteger(lora, 'spreadingFactor', loraPath)) ?? null,
    bandwidth: (lora && optionalInteger(lora, 'bandwidth', loraPath)) || null,
    codeRate: lora
      ? readV4CodeRate(lora, loraPath)
      : lrFhss
        ? readV4CodeRate(lrFhss, fieldPath(modulationPath, 'lrFhss'))
        : null,
  };
}
