import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { badRequest } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { inventoryCriteria, matchesInventory } from '../shared/inventory-filter';
import { inventoryJson } from '../shared/inventory.json';
import { inventoryRows } from '../shared/inventory-rows';
import { pageOf, parseOrder } from '../shared/paging';
import { INVENTORY_ORDER_FIELDS, inventoryOrder } from './inventory-order';
import { ListInventoryQuery } from './list-inventory.query';

@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListInventoryController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  /** Paging style B: `{assets, total_pages, total_items}` (docs/api.md §10); as at `as_of` when given. */
  @Get('inventory/list')
  async listInventory(@CurrentUser() user: AuthUser, @Query() query: ListInventoryQuery) {
    requireMember(user);
    const order = parseOrder(query.order_by, INVENTORY_ORDER_FIELDS);
    if (order !== null && 'error' in order) throw badRequest(order.error);
    const store = await this.asOf.readStore(query.as_of, this.store);
    const criteria = await inventoryCriteria(store, user.organizationId, query);
    const rows = await inventoryRows(store, {
      organizationId: user.organizationId,
      userId: user.userId,
      type: criteria.type,
      dataSourceIds: criteria.dataSourceIds,
    });
    const matching = rows.filter((row) => matchesInventory(row, criteria)).sort(inventoryOrder(order));
    const { items, total_items, total_pages } = pageOf(matching, query.page ?? 1, query.size ?? 20);
    return { assets: items.map(inventoryJson), total_pages, total_items };
  }
}
