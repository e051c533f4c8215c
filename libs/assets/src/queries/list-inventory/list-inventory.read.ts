import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { Invalid } from '@lorawatch/platform/domain-errors';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { inventoryCriteria, matchesInventory } from '../shared/inventory-filter';
import { inventoryJson } from '../shared/inventory.json';
import { inventoryRows } from '../shared/inventory-rows';
import { pageOf, parseOrder } from '../shared/paging';
import { INVENTORY_ORDER_FIELDS, inventoryOrder } from './inventory-order';
import type { ListInventoryQuery } from './list-inventory.query';

/** One page of the organisation's matching assets in the asked order (docs/api.md §10). */
export async function listInventory(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: ListInventoryQuery,
) {
  requireMember(caller);
  const order = parseOrder(query.order_by, INVENTORY_ORDER_FIELDS);
  if (order !== null && 'error' in order) throw new Invalid(order.error);
  const store = await asOf.readStore(query.as_of, current);
  const criteria = await inventoryCriteria(store, caller.organizationId, query);
  const rows = await inventoryRows(store, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    type: criteria.type,
    dataSourceIds: criteria.dataSourceIds,
  });
  const matching = rows.filter((row) => matchesInventory(row, criteria)).sort(inventoryOrder(order));
  const { items, total_items, total_pages } = pageOf(matching, query.page ?? 1, query.size ?? 20);
  return { assets: items.map(inventoryJson), total_pages, total_items };
}
