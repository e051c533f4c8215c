import { Controller, Get, Inject, Param, ParseIntPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { getDataSource } from './get-data-source.read';

/** One data source of the organization, for every member (docs/api.md §4). */
@ApiTags('DataSources')
@Controller('api/v1.0')
export class GetDataSourceController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('data_collectors/:id')
  getDataSource(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return getDataSource(this.store, user.organizationId, id);
  }
}
