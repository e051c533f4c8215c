import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { checkDataSourceAccess, hourBucketJson, timeWindow } from '@lorawatch/alerts';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { windowAsOf } from '../traffic-query';
import { dailyPacketTotals, hourlyTotals } from '../traffic-buckets';
import { CountPacketsQuery } from './count-packets.query';

/** The MESSAGES chart (docs/api.md §5): packets per hour or per day, newest first, only non-empty buckets. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountPacketsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('packets/count')
  async countPackets(@CurrentUser() user: AuthUser, @Query() query: CountPacketsQuery) {
    const window = windowAsOf(timeWindow(query.date, 'date'), this.asOf.moment(query.as_of));
    await checkDataSourceAccess(this.store, user.organizationId, query.data_collector);
    const { organizationId } = user;
    if (query.group_by === 'HOUR') {
      const hours = await hourlyTotals(this.store, organizationId, window, query.data_collector, 'packets');
      return hours.reverse().map((row) => ({ hour: hourBucketJson(row.bucket), count: row.count }));
    }
    const days = await dailyPacketTotals(this.store, organizationId, window, query.data_collector);
    return days.reverse().map((row) => ({ date: row.bucket, count: row.count }));
  }
}
