import { fieldPath, type JsonObject, optionalObject } from '../json-fields';
import { readBase64GatewayEui } from './gateway-eui';
import {
  CHIRPSTACK_V3_SOURCE,
  type ChirpstackDialect,
  type DownlinkRadio,
  type UplinkRadio,
} from './gateway-message';
import { readV3TxInfo } from './lora-tx-info';
import { readV3UplinkRxInfo } from './uplink-rx-info';

/** ChirpStack v3 (docs/wire-formats.md §3.4–3.5): EUIs as base64 of their 8 bytes, bandwidth in kHz. */
export const CHIRPSTACK_V3_DIALECT: ChirpstackDialect = {
  source: CHIRPSTACK_V3_SOURCE,
  readMessageGateway: (json) => readBase64GatewayEui(json, 'gatewayID', ''),
  readUplinkRadio: readV3UplinkRadio,
  readDownlinkRadio: readV3DownlinkRadio,
};

export function readV3UplinkRadio(json: JsonObject, rxKey = 'rxInfo', txKey = 'txInfo'): UplinkRadio {
  const rx = readV3UplinkRxInfo(optionalObject(json, rxKey, ''), rxKey);
  const tx = readV3TxInfo(optionalObject(json, txKey, ''), txKey);
  return { gateway: rx.gateway, gatewayTime: rx.gatewayTime, radio: { ...rx.radio, ...tx } };
}

export function readV3DownlinkRadio(holder: JsonObject, path: string, txKey = 'txInfo'): DownlinkRadio {
  const txInfo = optionalObject(holder, txKey, path);
  const txPath = fieldPath(path, txKey);
  return {
    gateway: txInfo && readBase64GatewayEui(txInfo, 'gatewayID', txPath),
    tx: readV3TxInfo(txInfo, txPath),
  };
}
