import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { countIssueDevices } from './count-issue-devices.read';
import { CountIssueDevicesQuery } from './count-issue-devices.query';

/** Devices with a current issue, for the DEVICES tile and chart (docs/api.md §7). */
@ApiTags('CountIssues')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountIssueDevicesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('quarantined_devices/devices_count')
  countIssueDevices(@CurrentUser() user: AuthUser, @Query() query: CountIssueDevicesQuery) {
    return countIssueDevices(this.store, this.asOf, user, query);
  }
}
