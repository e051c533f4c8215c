import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';

@ApiTags('DataSources')
@Controller('api/v1.0')
export class CountDataSourcesController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** Data sources that are not disabled. */
  @Get('data_collectors/count')
  async countDataSources(@CurrentUser() user: AuthUser) {
    const filter = { organizationId: user.organizationId, deleted: false, status: { $ne: 'DISABLED' } };
    return { count: await this.store.collection<DataSourceView>(DATA_SOURCES).count(filter) };
  }
}
