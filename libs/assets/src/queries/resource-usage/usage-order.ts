import { compareBy, thenBy, type Direction } from '../shared/paging';
import type { InventoryRow } from '../shared/inventory-rows';

type Key = (row: InventoryRow) => string | number | boolean | null;

const usage = (row: InventoryRow) => row.asset.usage;

/** Sortable network overview fields, by their API names (the console sorts by the first five). */
const KEYS = {
  last_activity: (row) => row.asset.lastActivity,
  npackets_lost: (row) => usage(row).packets_lost?.total ?? null,
  activity_freq: (row) => usage(row).activity_freq,
  max_rssi: (row) => usage(row).max_rssi,
  max_lsnr: (row) => usage(row).max_lsnr,
  id: (row) => row.asset.numericId,
  hex_id: (row) => row.asset.hexId,
  connected: (row) => row.asset.connected,
  npackets_up: (row) => usage(row).packets_up.total,
  npackets_down: (row) => usage(row).packets_down.total,
  payload_size: (row) => usage(row).payload_size,
  ngateways_connected_to: (row) => usage(row).ngateways_connected_to,
  spread_factor: (row) => usage(row).spread_factor,
} satisfies Record<string, Key>;

export type UsageOrderField = keyof typeof KEYS;
export const USAGE_ORDER_FIELDS = Object.keys(KEYS) as UsageOrderField[];

const gatewaysFirst = compareBy<InventoryRow>((row) => (row.asset.type === 'gateway' ? 0 : 1), 'asc');
const connectedFirst = compareBy<InventoryRow>((row) => (row.asset.connected ? 0 : 1), 'asc');
const byId = compareBy<InventoryRow>((row) => row.asset.numericId, 'asc');

/** Without an order: gateways first, connected first, then by id (docs/api.md §13). */
export function usageOrder(order: { field: UsageOrderField; direction: Direction } | null) {
  if (order === null) return thenBy(gatewaysFirst, connectedFirst, byId);
  return thenBy(compareBy(KEYS[order.field], order.direction), byId);
}
