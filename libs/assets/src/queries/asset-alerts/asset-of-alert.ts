import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { AlertView } from '@lorawatch/domain/alert.view';
import type { Filter } from '@lorawatch/read-store/read-store.port';
import type { AssetView } from '../../asset.view';

/**
 * The alerts that can concern an asset, as a read-store filter: a device's by its DevEUI or DevAddr, a gateway's
 * by its EUI, within its data source. Device alerts also name the gateway that heard them, so `isAbout` then
 * keeps only the alert types about the asset's kind.
 */
export function alertsOfAssetFilter(asset: AssetView): Filter {
  const scope: Filter = { organizationId: asset.organizationId, dataSourceId: asset.dataSourceId };
  if (asset.type === 'gateway') return { ...scope, gateway: asset.hexId };
  const keys: Filter[] = [];
  if (asset.devEui) keys.push({ devEui: asset.devEui });
  if (asset.devAddr) keys.push({ devAddr: asset.devAddr });
  return keys.length === 0 ? { ...scope, id: { $in: [] } } : { ...scope, $or: keys };
}

/** Resolution alerts (LAF-600…) follow the type they solved, found in their parameters. */
export function isAbout(alert: AlertView, asset: AssetView): boolean {
  const type = alertTypeByCode(alert.code);
  if (!type) return false;
  let kind = type.forAssetType;
  if (kind === 'LOOK_IN_ALERT_PARAMS') {
    const solved = alert.parameters.alert_solved_type;
    kind = (typeof solved === 'string' && alertTypeByCode(solved)?.forAssetType) || 'DEVICE';
  }
  return kind === (asset.type === 'gateway' ? 'GATEWAY' : 'DEVICE');
}
