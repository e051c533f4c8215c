import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ASSETS, type AssetView } from '../../asset.view';
import type { DeviceUsage } from '@lorawatch/detectors/statistics/device-usage';
import { gatewayKeys, touchesGateways } from '../shared/inventory-filter';
import { heardBy, ownKey, type InventoryRow } from '../shared/inventory-rows';
import type { ResourceUsageFilterQuery } from './resource-usage.query';

export interface UsageCriteria {
  type?: 'device' | 'gateway';
  connected?: boolean;
  dataSourceIds?: number[];
  gateways?: Set<string>;
  /** Device ids, and the gateway keys that hear those devices. */
  devices?: { ids: Set<number>; gateways: Set<string> };
  /** [min, max) in dBm over the device's best RSSI. */
  signal?: [number, number];
  /** [min, max) in percent of lost frames over the last 24 hours. */
  loss?: [number, number];
}

export async function usageCriteria(
  store: ReadStore,
  organizationId: number,
  query: ResourceUsageFilterQuery,
): Promise<UsageCriteria> {
  const signalSet = query.min_signal_strength !== undefined || query.max_signal_strength !== undefined;
  const lossSet = query.min_packet_loss !== undefined || query.max_packet_loss !== undefined;
  let devices: UsageCriteria['devices'];
  if (query.device_ids) {
    const found = await store
      .collection<AssetView>(ASSETS)
      .find({ organizationId, type: 'device', numericId: { $in: query.device_ids } });
    devices = { ids: new Set(found.map((d) => d.numericId)), gateways: new Set(found.flatMap(heardBy)) };
  }
  return {
    type: query.asset_type,
    connected: query.asset_status === undefined ? undefined : query.asset_status === 'connected',
    dataSourceIds: query.data_collector_ids,
    gateways: query.gateway_ids ? await gatewayKeys(store, organizationId, query.gateway_ids) : undefined,
    devices,
    signal: signalSet
      ? [query.min_signal_strength ?? -Infinity, query.max_signal_strength ?? Infinity]
      : undefined,
    loss: lossSet ? [query.min_packet_loss ?? -Infinity, query.max_packet_loss ?? Infinity] : undefined,
  };
}

export const deviceUsageOf = (asset: AssetView): DeviceUsage | null =>
  asset.type === 'device' ? (asset.usage as DeviceUsage) : null;

/** No traffic in the window means nothing was lost. */
export const lossPercent = (usage: DeviceUsage): number => usage.packets_lost.percentage ?? 0;

export function matchesUsage(row: InventoryRow, criteria: UsageCriteria): boolean {
  const { asset } = row;
  if (criteria.type && asset.type !== criteria.type) return false;
  if (criteria.connected !== undefined && asset.connected !== criteria.connected) return false;
  if (criteria.dataSourceIds && !criteria.dataSourceIds.includes(asset.dataSourceId)) return false;
  if (criteria.gateways && !touchesGateways(asset, criteria.gateways)) return false;
  if (criteria.devices) {
    const { ids, gateways } = criteria.devices;
    if (asset.type === 'device' ? !ids.has(asset.numericId) : !gateways.has(ownKey(asset))) return false;
  }
  if (criteria.signal || criteria.loss) {
    // Signal and loss are device figures: any such filter leaves the gateways out.
    const usage = deviceUsageOf(asset);
    if (usage === null) return false;
    if (criteria.signal && !within(usage.max_rssi, criteria.signal)) return false;
    if (criteria.loss && !within(lossPercent(usage), criteria.loss)) return false;
  }
  return true;
}

function within(value: number | null, [min, max]: [number, number]): boolean {
  return value !== null && value >= min && value < max;
}
