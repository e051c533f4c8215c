import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { gatewayKeys, searchText, touchesGateways } from '../shared/inventory-filter';
import { listType } from '../shared/inventory.json';
import { inventoryRows, type InventoryRow } from '../shared/inventory-rows';
import { compareBy, pageOf } from '../shared/paging';
import type { SearchAssetsQuery } from './search-assets.query';

/**
 * The organisation's devices and gateways whose text holds the search term, a page of each narrowed by the filters,
 * with the ids to step through (docs/api.md §14).
 */
export async function searchAssets(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: SearchAssetsQuery,
) {
  requireMember(caller);
  const term = query.search_param?.trim().toLowerCase() ?? '';
  const store = await asOf.readStore(query.as_of, current);
  const rows = (await inventoryRows(store, { organizationId: caller.organizationId, userId: caller.userId }))
    .filter((row) => searchText(row).includes(term))
    .sort(compareBy((row) => row.asset.numericId, 'asc'));
  const gateways = query.gateway_ids
    ? await gatewayKeys(store, caller.organizationId, query.gateway_ids)
    : undefined;
  // The filters narrow the items; the id lists (used to step through results) take the search term alone.
  const narrowed = rows.filter((row) => {
    const { asset } = row;
    if (query.asset_status && asset.connected !== (query.asset_status === 'connected')) return false;
    if (query.data_collector_ids && !query.data_collector_ids.includes(asset.dataSourceId)) return false;
    if (gateways && !touchesGateways(asset, gateways)) return false;
    if (query.tag_ids && !query.tag_ids.every((id) => row.tags.some((tag) => tag.tagId === id))) return false;
    return true;
  });
  const section = (type: 'device' | 'gateway') => {
    const items = pageOf(
      narrowed.filter((row) => row.asset.type === type),
      query.page ?? 1,
      query.size ?? 3,
    );
    const ids = pageOf(
      rows.filter((row) => row.asset.type === type),
      query.page_ids ?? 1,
      query.size_ids ?? 20,
    );
    return {
      items: items.items.map(searchJson),
      items_ids: ids.items.map((row) => row.asset.numericId),
      total_pages: items.total_pages,
      total_items: items.total_items,
    };
  };
  return { devices: section('device'), gateways: section('gateway') };
}

function searchJson(row: InventoryRow) {
  const { asset } = row;
  return {
    id: asset.numericId,
    hex_id: asset.hexId,
    type: listType(asset),
    join_eui: asset.joinEui,
    name: asset.name ?? null,
    location_latitude: asset.latitude,
    location_longitude: asset.longitude,
    app_name: asset.applicationName ?? null,
    data_collector: row.dataSourceName,
    vendor: asset.vendor,
    connected: asset.connected,
  };
}
