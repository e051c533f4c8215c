import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ListResourceUsageQuery } from './resource-usage.query';
import { listResourceUsage } from './list-resource-usage.read';

@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListResourceUsageController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  /** Paging style B: `{assets, total_pages, total_items}` (docs/api.md §13); as at `as_of` when given. */
  @Get('resource_usage/list')
  listResourceUsage(@CurrentUser() user: AuthUser, @Query() query: ListResourceUsageQuery) {
    return listResourceUsage(this.store, this.asOf, user, query);
  }
}
