import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ASSETS, type AssetView } from '../../asset.view';
import type { InventoryFilterQuery } from './asset-filter.query';
import { heardBy, ownKey, type InventoryRow } from './inventory-rows';

/** Inventory criteria with ids already turned into what the rows carry. */
export interface InventoryCriteria {
  type?: 'device' | 'gateway';
  dataSourceIds?: number[];
  /** Gateway keys (`dataSourceId:eui`): those gateways and the devices they hear. */
  gateways?: Set<string>;
  /** null stands for "no known vendor". */
  vendors?: Array<string | null>;
  tagIds?: number[];
  importances?: string[];
  hidden: boolean;
  search?: string;
}

export async function inventoryCriteria(
  store: ReadStore,
  organizationId: number,
  query: InventoryFilterQuery,
): Promise<InventoryCriteria> {
  return {
    type: query.asset_type,
    dataSourceIds: query.data_collector_ids,
    gateways: query.gateway_ids ? await gatewayKeys(store, organizationId, query.gateway_ids) : undefined,
    vendors: query.vendors?.map((vendor) => (vendor === 'null' ? null : vendor)),
    tagIds: query.tag_ids,
    importances: query.importances,
    hidden: query.hidden === true,
    search: query.search_param?.trim().toLowerCase() || undefined,
  };
}

/** Ids of gateways the organisation does not own match nothing, like unknown ids. */
export async function gatewayKeys(
  store: ReadStore,
  organizationId: number,
  numericIds: number[],
): Promise<Set<string>> {
  const gateways = await store
    .collection<AssetView>(ASSETS)
    .find({ organizationId, type: 'gateway', numericId: { $in: numericIds } });
  return new Set(gateways.map(ownKey));
}

export function matchesInventory(row: InventoryRow, criteria: InventoryCriteria): boolean {
  const { asset } = row;
  if (criteria.type && asset.type !== criteria.type) return false;
  if (criteria.dataSourceIds && !criteria.dataSourceIds.includes(asset.dataSourceId)) return false;
  if (criteria.gateways && !touchesGateways(asset, criteria.gateways)) return false;
  if (criteria.vendors && !criteria.vendors.includes(asset.vendor)) return false;
  if (criteria.tagIds && !criteria.tagIds.every((id) => row.tags.some((tag) => tag.tagId === id)))
    return false;
  if (criteria.importances && !criteria.importances.includes(row.importance)) return false;
  if (row.hidden !== criteria.hidden) return false;
  if (criteria.search && !searchText(row).includes(criteria.search)) return false;
  return true;
}

export function touchesGateways(asset: AssetView, gateways: Set<string>): boolean {
  if (asset.type === 'gateway') return gateways.has(ownKey(asset));
  return heardBy(asset).some((key) => gateways.has(key));
}

/** What a search term is matched against (docs/api.md §14): vendor, EUIs, address, names, data source name. */
export function searchText(row: InventoryRow): string {
  const { asset } = row;
  return [
    asset.vendor,
    asset.hexId,
    asset.devEui,
    asset.devAddr,
    asset.joinEui,
    asset.name,
    asset.applicationName,
    row.dataSourceName,
  ]
    .filter((part): part is string => typeof part === 'string')
    .join('\n')
    .toLowerCase();
}
