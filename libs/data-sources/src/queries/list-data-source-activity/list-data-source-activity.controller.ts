import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { listDataSourceActivity } from './list-data-source-activity.read';

@ApiTags('DataSources')
@Controller('api/v1.0')
export class ListDataSourceActivityController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** The newest packet time of each data source with traffic in the last 4 hours. */
  @Get('data_collectors/activity')
  listDataSourceActivity(@CurrentUser() user: AuthUser) {
    return listDataSourceActivity(this.store, user);
  }
}
