import { Controller, Get, Inject, Param, ParseEnumPipe, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { badRequest } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CountInventoryQuery } from '../list-inventory/list-inventory.query';
import { InventoryGrouping, countInventory } from './count-inventory.read';

/** The inventory charts: bare lists of `{id, name, count}` under the list's filters (docs/api.md §10). */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountInventoryController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('inventory/count/:grouping')
  countInventory(
    @CurrentUser() user: AuthUser,
    @Param(
      'grouping',
      new ParseEnumPipe(InventoryGrouping, {
        exceptionFactory: () =>
          badRequest('count must be by data_collector, gateway, vendor, tag or importance'),
      }),
    )
    grouping: InventoryGrouping,
    @Query() query: CountInventoryQuery,
  ) {
    return countInventory(this.store, this.asOf, user, grouping, query);
  }
}
