import { ASSETS, type AssetView } from '@lorawatch/assets';
import type { Filter, ReadStore } from '@lorawatch/read-store/read-store.port';

/** The longest search text the alert lists accept. */
export const MAX_ALERT_SEARCH_LENGTH = 100;

/** Separators people paste with an EUI or DevAddr (`00:04:A3…`, `00-04-a3…`, `0004 a30b…`). */
const HEX_SEPARATORS = /[\s:-]/g;
const HEX = /^[0-9a-f]+$/;

/** The search text as the alert fields hold identifiers: lowercase hex, without separators. Null if not hex. */
export function hexTerm(search: string): string | null {
  const compact = search.trim().toLowerCase().replace(HEX_SEPARATORS, '');
  return compact.length > 0 && HEX.test(compact) ? compact : null;
}

/**
 * The condition a `search` text adds to an alert query: alerts whose DevEUI, DevAddr or gateway EUI is the text
 * (as hex, whatever its case or separators), or whose device or gateway has a name that contains it (any case).
 * Names live with the assets, so they are matched there first and the alerts are then selected by the device's
 * DevEUI (or asset id) or the gateway's EUI, fields of the alert itself. Null when the text is blank (no narrowing).
 */
export async function alertSearchFilter(
  store: ReadStore,
  organizationId: number,
  search: string,
): Promise<Filter | null> {
  const text = search.trim().toLowerCase();
  if (text === '') return null;
  const clauses: Filter[] = [];
  const hex = hexTerm(text);
  if (hex !== null) clauses.push({ devEui: hex }, { devAddr: hex }, { gateway: hex });

  const assets = await store.collection<AssetView>(ASSETS).find({ organizationId });
  const named = assets.filter((asset) => (asset.name ?? '').toLowerCase().includes(text));
  const devices = named.filter((asset) => asset.type === 'device');
  // A device's alerts by its DevEUI (whatever asset an alert was filed under), else by the asset itself.
  const devEuis = [...new Set(devices.flatMap((asset) => (asset.devEui ? [asset.devEui] : [])))];
  const bareIds = devices.filter((asset) => !asset.devEui).map((asset) => asset.id);
  const gatewayEuis = [
    ...new Set(named.filter((asset) => asset.type === 'gateway').map((asset) => asset.hexId)),
  ];
  if (devEuis.length > 0) clauses.push({ devEui: { $in: devEuis } });
  if (bareIds.length > 0) clauses.push({ assetId: { $in: bareIds } });
  if (gatewayEuis.length > 0) clauses.push({ gateway: { $in: gatewayEuis } });
  // Nothing can match: a condition no alert meets keeps the query's shape (and its paging) unchanged.
  if (clauses.length === 0) return { numericId: { $lt: 0 } };
  return { $or: clauses };
}
