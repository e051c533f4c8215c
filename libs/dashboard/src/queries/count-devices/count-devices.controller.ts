import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { checkDataSourceAccess, hourBucketJson, timeWindow } from '@lorawatch/alerts';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { windowAsOf } from '../traffic-query';
import { dailyDeviceTotals, hourlyTotals } from '../traffic-buckets';
import { CountDevicesQuery } from './count-devices.query';

/**
 * The DEVICES chart (docs/api.md §5): devices heard per hour (newest first) or per day (oldest first), summed
 * over data sources. A day counts each device once; the original took the busiest hour of the day instead,
 * which undercounts devices that speak at different hours.
 */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountDevicesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('devices/count')
  async countDevices(@CurrentUser() user: AuthUser, @Query() query: CountDevicesQuery) {
    const window = windowAsOf(
      timeWindow(query.last_up_timestamp, 'last_up_timestamp'),
      this.asOf.moment(query.as_of),
    );
    await checkDataSourceAccess(this.store, user.organizationId, query.data_collector);
    const { organizationId } = user;
    if (query.group_by === 'HOUR') {
      const hours = await hourlyTotals(this.store, organizationId, window, query.data_collector, 'devices');
      return hours.reverse().map((row) => ({ hour: hourBucketJson(row.bucket), count: row.count }));
    }
    const days = await dailyDeviceTotals(this.store, organizationId, window, query.data_collector);
    return days.map((row) => ({ date: row.bucket, count: row.count }));
  }
}
