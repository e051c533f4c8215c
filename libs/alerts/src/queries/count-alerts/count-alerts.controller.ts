import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CountAlertsQuery } from './count-alerts.query';
import { countAlerts } from './count-alerts.read';

/** Alert counts (docs/api.md §6), for every member of the organization. */
@ApiTags('Alerts')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountAlertsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  /**
   * TOTAL → `{count}`; HOUR / DAY → the non-empty buckets, oldest first, each with the highest risk among its
   * alerts. Unlike the original, `data_collector[]` narrows every variant. Read from the hourly counters.
   */
  @Get('alerts/count')
  countAlerts(@CurrentUser() user: AuthUser, @Query() query: CountAlertsQuery) {
    return countAlerts(this.store, this.asOf, user, query);
  }
}
