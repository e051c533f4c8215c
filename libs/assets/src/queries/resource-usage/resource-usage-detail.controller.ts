import { Controller, Get, Inject, Param, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ResourceUsageDetailQuery } from './resource-usage.query';
import { getResourceUsageDetail } from './resource-usage-detail.read';

/**
 * One asset of the network overview with its recent packets (docs/api.md §13). As at `as_of`, the asset comes from
 * the read models of that time and the packets (kept in the packet log, not in events) end at that moment.
 */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ResourceUsageDetailController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(PACKET_LOG) private readonly log: PacketLog,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('resource_usage/:asset_type/:id')
  getResourceUsageDetail(
    @CurrentUser() user: AuthUser,
    @Param('asset_type') type: string,
    @Param('id') id: string,
    @Query() query: ResourceUsageDetailQuery,
  ) {
    return getResourceUsageDetail(this.store, this.log, this.asOf, user, type, id, query);
  }
}
