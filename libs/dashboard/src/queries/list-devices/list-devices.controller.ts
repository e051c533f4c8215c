import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ASSETS, type AssetView } from '@lorawatch/assets';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { timeWindow } from '@lorawatch/alerts';
import { READ_STORE, type Filter, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { offsetPaging } from '../traffic-query';
import { deviceJson } from '../traffic-json';
import { ListDevicesQuery } from './list-devices.query';

/** Devices of the organization, last heard first (docs/api.md §5): a bare list, `page` 0-based, no totals. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListDevicesController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('devices')
  async listDevices(@CurrentUser() user: AuthUser, @Query() query: ListDevicesQuery) {
    const window = timeWindow(query.last_up_timestamp, 'last_up_timestamp');
    const filter: Filter = { organizationId: user.organizationId, type: 'device' };
    if (window.gte !== undefined || window.lte !== undefined) {
      filter.lastActivity = {
        ...(window.gte !== undefined ? { $gte: window.gte } : {}),
        ...(window.lte !== undefined ? { $lte: window.lte } : {}),
      };
    }
    const devices = await this.store.collection<AssetView>(ASSETS).find(filter, {
      sort: [
        ['lastActivity', 'desc'],
        ['numericId', 'desc'],
      ],
      ...offsetPaging(query),
    });
    return devices.map(deviceJson);
  }
}
