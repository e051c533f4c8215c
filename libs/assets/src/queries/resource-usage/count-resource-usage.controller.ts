import { Controller, Get, Inject, Param, ParseEnumPipe, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { badRequest } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CountResourceUsageQuery } from './resource-usage.query';
import { UsageGrouping, countResourceUsage } from './count-resource-usage.read';

/** The network overview charts: `{total_count, groups:[{id, name, count}]}` (docs/api.md §13). */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountResourceUsageController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('resource_usage/count/:grouping')
  countResourceUsage(
    @CurrentUser() user: AuthUser,
    @Param(
      'grouping',
      new ParseEnumPipe(UsageGrouping, {
        exceptionFactory: () => badRequest('count must be by status, gateway, signal or loss'),
      }),
    )
    grouping: UsageGrouping,
    @Query() query: CountResourceUsageQuery,
  ) {
    return countResourceUsage(this.store, this.asOf, user, grouping, query);
  }
}
