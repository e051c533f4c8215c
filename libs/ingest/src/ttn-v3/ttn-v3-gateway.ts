import { fieldPath, type JsonObject, optionalString } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { quoted } from './quoted';

/** The Things Stack ID syntax (`pkg/ttnpb/identifiers.go`): lowercase letters, digits and single dashes. */
const TTS_ID = /^[a-z0-9](?:-?[a-z0-9]){2,35}$/;
const EUI_HEX = /^[0-9a-fA-F]{16}$/;
/** Gateways registered by EUI get the ID `eui-<eui>` by default. */
const EUI_ID = /^eui-([0-9a-f]{16})$/;

export function isTtsGatewayId(id: string): boolean {
  return TTS_ID.test(id);
}

/**
 * The gateway of a TTS `gateway_ids{gateway_id, eui}`, as packets name gateways: the EUI in lowercase hex
 * (TTS writes it in uppercase). A gateway registered without an EUI is named by its TTS ID, which is unique
 * and stable too, rather than dropping what we know about where the frame was heard.
 */
export function readTtnV3GatewayIds(ids: JsonObject, path: string): string | undefined {
  const eui = optionalString(ids, 'eui', path);
  if (eui !== undefined && eui !== '') {
    if (!EUI_HEX.test(eui)) throw new MalformedMessage(`${fieldPath(path, 'eui')} must be 16 hex digits`);
    return eui.toLowerCase();
  }
  const id = optionalString(ids, 'gateway_id', path);
  if (id === undefined || id === '') return undefined;
  if (!isTtsGatewayId(id)) {
    throw new MalformedMessage(`${fieldPath(path, 'gateway_id')} ${quoted(id)} is not a TTS gateway ID`);
  }
  return EUI_ID.exec(id)?.[1] ?? id;
}
