import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ListDevicesQuery } from './list-devices.query';
import { listDevices } from './list-devices.read';

/** Devices of the organization, last heard first (docs/api.md §5): a bare list, `page` 0-based, no totals. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListDevicesController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('devices')
  listDevices(@CurrentUser() user: AuthUser, @Query() query: ListDevicesQuery) {
    return listDevices(this.store, user, query);
  }
}
