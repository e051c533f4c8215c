import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ListInventoryQuery } from './list-inventory.query';
import { listInventory } from './list-inventory.read';

@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListInventoryController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  /** Paging style B: `{assets, total_pages, total_items}` (docs/api.md §10); as at `as_of` when given. */
  @Get('inventory/list')
  listInventory(@CurrentUser() user: AuthUser, @Query() query: ListInventoryQuery) {
    return listInventory(this.store, this.asOf, user, query);
  }
}
