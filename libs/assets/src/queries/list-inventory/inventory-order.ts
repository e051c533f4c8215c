import { IMPORTANCES } from '@lorawatch/domain/risk';
import { compareBy, thenBy, type Direction } from '../shared/paging';
import type { InventoryRow } from '../shared/inventory-rows';

/** Sortable inventory fields (docs/api.md §10), by their API names. */
export const INVENTORY_ORDER_FIELDS = [
  'id',
  'hex_id',
  'type',
  'vendor',
  'join_eui',
  'data_collector',
  'importance',
  'connected',
  'last_activity',
  'first_activity',
] as const;
export type InventoryOrderField = (typeof INVENTORY_ORDER_FIELDS)[number];

const KEYS: Record<InventoryOrderField, (row: InventoryRow) => string | number | boolean | null> = {
  id: (row) => row.asset.numericId,
  hex_id: (row) => row.asset.hexId,
  type: (row) => row.asset.type,
  vendor: (row) => row.asset.vendor,
  join_eui: (row) => row.asset.joinEui,
  data_collector: (row) => row.dataSourceName,
  // By rank, so ASC reads LOW, MEDIUM, HIGH rather than alphabetically.
  importance: (row) => IMPORTANCES.indexOf(row.importance),
  connected: (row) => row.asset.connected,
  last_activity: (row) => row.asset.lastActivity,
  first_activity: (row) => row.asset.firstActivity,
};

const gatewaysFirst = compareBy<InventoryRow>((row) => (row.asset.type === 'gateway' ? 0 : 1), 'asc');
const byId = compareBy<InventoryRow>((row) => row.asset.numericId, 'asc');

/** Without an order: gateways first, then by id. With one, the id breaks ties so pages never overlap. */
export function inventoryOrder(order: { field: InventoryOrderField; direction: Direction } | null) {
  if (order === null) return thenBy(gatewaysFirst, byId);
  return thenBy(compareBy(KEYS[order.field], order.direction), byId);
}
