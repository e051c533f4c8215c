import { Controller, Get, Inject, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { PageQuery } from '@lorawatch/platform/query-params';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { setPagingHeaders } from '../shared/paging-headers';
import { listDataSourceLog } from './list-data-source-log.read';

/** What happened to one data source, newest first, with who did it (docs/api.md §4). */
@ApiTags('DataSources')
@Controller('api/v1.0')
export class ListDataSourceLogController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('data_collectors/:id/log')
  async listDataSourceLog(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Query() query: PageQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { items, total, size } = await listDataSourceLog(this.store, user, id, query);
    setPagingHeaders(response, total, size);
    return items;
  }
}
