import type { AssetView } from '../../asset.view';
import { unixSeconds } from '../shared/api-dates';
import { listType } from '../shared/inventory.json';
import type { InventoryRow } from '../shared/inventory-rows';

/** A network overview row (docs/api.md §13); gateways carry null for the device-only figures. */
export function usageJson(row: InventoryRow) {
  const asset: AssetView = row.asset;
  const usage = asset.usage;
  return {
    id: asset.numericId,
    hex_id: asset.hexId,
    dev_addr: asset.devAddr,
    type: listType(asset),
    name: asset.name ?? null,
    data_collector: row.dataSourceName,
    app_name: asset.applicationName ?? null,
    connected: asset.connected,
    last_activity: unixSeconds(asset.lastActivity),
    activity_freq: usage.activity_freq,
    activity_freq_variance: usage.activity_freq_variance,
    is_regular: usage.is_regular,
    packets_up: usage.packets_up,
    packets_down: usage.packets_down,
    packets_lost: usage.packets_lost,
    retransmissions: usage.retransmissions,
    join_requests: usage.join_requests,
    failed_join_requests: usage.failed_join_requests,
    max_rssi: usage.max_rssi,
    max_lsnr: usage.max_lsnr,
    payload_size: usage.payload_size,
    ngateways_connected_to: usage.ngateways_connected_to,
    spread_factor: usage.spread_factor,
  };
}
