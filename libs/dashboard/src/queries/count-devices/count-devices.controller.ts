import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CountDevicesQuery } from './count-devices.query';
import { countDevices } from './count-devices.read';

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
  countDevices(@CurrentUser() user: AuthUser, @Query() query: CountDevicesQuery) {
    return countDevices(this.store, this.asOf, user, query);
  }
}
