import { tagJson } from '@lorawatch/domain/tag.view';
import type { AssetView } from '../../asset.view';
import { unixSeconds } from './api-dates';
import type { InventoryRow } from './inventory-rows';

/** "Device" / "Gateway": the lists capitalise the type (docs/api.md §10). */
export const listType = (asset: AssetView): 'Device' | 'Gateway' =>
  asset.type === 'device' ? 'Device' : 'Gateway';

export const locationOf = (asset: AssetView) =>
  asset.type === 'gateway' ? { latitude: asset.latitude, longitude: asset.longitude } : null;

/** An inventory row (docs/api.md §10); names are those the network server gave, null until one says. */
export function inventoryJson(row: InventoryRow) {
  const { asset } = row;
  return {
    id: asset.numericId,
    hex_id: asset.hexId,
    type: listType(asset),
    name: asset.name ?? null,
    data_collector: row.dataSourceName,
    vendor: asset.vendor,
    app_name: asset.applicationName ?? null,
    join_eui: asset.joinEui,
    importance: row.importance,
    hidden: row.hidden,
    connected: asset.connected,
    last_activity: unixSeconds(asset.lastActivity),
    first_activity: unixSeconds(asset.firstActivity),
    location: locationOf(asset),
    tags: row.tags.map(tagJson),
  };
}
