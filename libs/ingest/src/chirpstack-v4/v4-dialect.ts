import type { DataSourceType } from '@lorawatch/domain/packet';
import { fieldPath, type JsonObject, optionalObject } from '../json-fields';
import { readBase64GatewayEui, readHexGatewayEui } from '../chirpstack-v3/gateway-eui';
import type { ChirpstackDialect, DownlinkRadio, UplinkRadio } from '../chirpstack-v3/gateway-message';
import { readV3DownlinkRadio, readV3UplinkRadio } from '../chirpstack-v3/v3-dialect';
import { readV4TxInfo } from './lora-tx-info';
import { readV4UplinkRxInfo } from './uplink-rx-info';

export const CHIRPSTACK_V4_SOURCE: DataSourceType = 'chirpstack_v4_collector';

/**
 * ChirpStack v4 (docs/wire-formats.md §4.3–4.4): EUIs as lowercase hex strings, bandwidth in Hz, code rate enum.
 * A message from a v3 Gateway Bridge (the migration path) has only the `*Legacy` fields, which keep v3's
 * layout: they are read as v3 reads them.
 */
export const CHIRPSTACK_V4_DIALECT: ChirpstackDialect = {
  source: CHIRPSTACK_V4_SOURCE,
  readMessageGateway: (json) =>
    readHexGatewayEui(json, 'gatewayId', '') ?? readBase64GatewayEui(json, 'gatewayIdLegacy', ''),
  readUplinkRadio: readV4UplinkRadio,
  readDownlinkRadio: readV4DownlinkRadio,
};

function readV4UplinkRadio(json: JsonObject): UplinkRadio {
  const rxInfo = optionalObject(json, 'rxInfo', '');
  const txInfo = optionalObject(json, 'txInfo', '');
  if (rxInfo === undefined && txInfo === undefined && hasLegacy(json, 'rxInfoLegacy', 'txInfoLegacy')) {
    return readV3UplinkRadio(json, 'rxInfoLegacy', 'txInfoLegacy');
  }
  const rx = readV4UplinkRxInfo(rxInfo, 'rxInfo');
  const tx = readV4TxInfo(txInfo, 'txInfo');
  return { gateway: rx.gateway, gatewayTime: rx.gatewayTime, radio: { ...rx.radio, ...tx } };
}

function readV4DownlinkRadio(holder: JsonObject, path: string): DownlinkRadio {
  const txInfo = optionalObject(holder, 'txInfo', path);
  if (txInfo === undefined && hasLegacy(holder, 'txInfoLegacy')) {
    return readV3DownlinkRadio(holder, path, 'txInfoLegacy');
  }
  return { gateway: undefined, tx: readV4TxInfo(txInfo, fieldPath(path, 'txInfo')) };
}

function hasLegacy(json: JsonObject, ...keys: string[]): boolean {
  return keys.some((key) => json[key] !== undefined && json[key] !== null);
}
