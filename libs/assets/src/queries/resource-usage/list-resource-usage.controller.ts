import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { badRequest } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { inventoryRows } from '../shared/inventory-rows';
import { pageOf, parseOrder } from '../shared/paging';
import { matchesUsage, usageCriteria } from './resource-usage-filter';
import { ListResourceUsageQuery } from './resource-usage.query';
import { USAGE_ORDER_FIELDS, usageOrder } from './usage-order';
import { usageJson } from './usage.json';

@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListResourceUsageController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  /** Paging style B: `{assets, total_pages, total_items}` (docs/api.md §13); as at `as_of` when given. */
  @Get('resource_usage/list')
  async listResourceUsage(@CurrentUser() user: AuthUser, @Query() query: ListResourceUsageQuery) {
    requireMember(user);
    const order = parseOrder(query.order_by, USAGE_ORDER_FIELDS);
    if (order !== null && 'error' in order) throw badRequest(order.error);
    const store = await this.asOf.readStore(query.as_of, this.store);
    const criteria = await usageCriteria(store, user.organizationId, query);
    const rows = await inventoryRows(store, {
      organizationId: user.organizationId,
      userId: user.userId,
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
}
