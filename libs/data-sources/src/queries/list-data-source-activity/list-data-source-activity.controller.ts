import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  DATA_SOURCE_ACTIVITY,
  RECENT_ACTIVITY_MS,
  type DataSourceActivity,
} from '@lorawatch/domain/data-source-activity';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';

@ApiTags('DataSources')
@Controller('api/v1.0')
export class ListDataSourceActivityController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** The newest packet time of each data source with traffic in the last 4 hours. */
  @Get('data_collectors/activity')
  async listDataSourceActivity(@CurrentUser() user: AuthUser) {
    const since = new Date(Date.now() - RECENT_ACTIVITY_MS).toISOString();
    const rows = await this.store
      .collection<DataSourceActivity>(DATA_SOURCE_ACTIVITY)
      .find({ organizationId: user.organizationId, lastPacketAt: { $gte: since } });
    return rows.map((row) => ({ dataCollectorId: row.dataSourceId, maxDate: row.lastPacketAt }));
  }
}
