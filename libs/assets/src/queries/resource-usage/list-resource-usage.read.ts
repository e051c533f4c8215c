import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { Invalid } from '@lorawatch/platform/domain-errors';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { inventoryRows } from '../shared/inventory-rows';
import { pageOf, parseOrder } from '../shared/paging';
import { matchesUsage, usageCriteria } from './resource-usage-filter';
import type { ListResourceUsageQuery } from './resource-usage.query';
import { USAGE_ORDER_FIELDS, usageOrder } from './usage-order';
import { usageJson } from './usage.json';

/** One page of the organisation's matching assets' resource usage in the asked order (docs/api.md §13). */
export async function listResourceUsage(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: ListResourceUsageQuery,
) {
  requireMember(caller);
  const order = parseOrder(query.order_by, USAGE_ORDER_FIELDS);
  if (order !== null && 'error' in order) throw new Invalid(order.error);
  const store = await asOf.readStore(query.as_of, current);
  const criteria = await usageCriteria(store, caller.organizationId, query);
  const rows = await inventoryRows(store, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    type: criteria.type,
    dataSourceIds: criteria.dataSourceIds,
  });
  const matching = rows.filter((row) => matchesUsage(row, criteria)).sort(usageOrder(order));
  const page = pageOf(matching, query.page ?? 1, query.size ?? 20);
  return {
    assets: page.items.map(usageJson),
    total_pages: page.total_pages,
    total_items: page.total_items,
  };
}
