import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { setPagingHeaders } from '../shared/paging-headers';
import { listDataSources } from './list-data-sources.read';
import { ListDataSourcesQuery } from './list-data-sources.query';

/** The organization's data sources, newest first, for every member (docs/api.md §4). */
@ApiTags('DataSources')
@Controller('api/v1.0')
export class ListDataSourcesController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** With `include_count=true` each item also gets `count`: its visible alerts in the window (docs/api.md §4). */
  @Get('data_collectors')
  async listDataSources(
    @CurrentUser() user: AuthUser,
    @Query() query: ListDataSourcesQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { answer, total, size } = await listDataSources(this.store, user, query);
    setPagingHeaders(response, total, size);
    return answer;
  }
}
