import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { alertBucketsJson } from '../alerts-by-time';
import { tallyAlerts } from '../alert-tally';
import { timeWindow } from '../query-window';
import { CountAlertsQuery } from './count-alerts.query';

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
  async countAlerts(@CurrentUser() user: AuthUser, @Query() query: CountAlertsQuery) {
    const window = timeWindow(query.created_at, 'created_at');
    const grouping = query.group_by === 'TOTAL' ? 'total' : query.group_by === 'HOUR' ? 'hour' : 'day';
    const store = await this.asOf.readStore(query.as_of, this.store);
    const tally = await tallyAlerts(store, user.organizationId, query, window, grouping);
    if (grouping === 'total') return { count: tally.get('')?.count ?? 0 };
    return alertBucketsJson(tally, grouping);
  }
}
