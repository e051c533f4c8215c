import { Controller, Get, Inject, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { USERS, type UserView } from '@lorawatch/domain/user.view';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { PageQuery } from '@lorawatch/platform/query-params';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { DATA_SOURCE_LOG, type DataSourceLogEntry } from '../../projection/data-source-log.projection';
import { ownDataSourceView } from '../shared/own-data-source';
import { setPagingHeaders } from '../shared/paging-headers';

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
    await ownDataSourceView(this.store, user.organizationId, id);
    const page = query.page ?? 1;
    const size = query.size ?? 20;
    const log = this.store.collection<DataSourceLogEntry>(DATA_SOURCE_LOG);
    const [entries, total] = await Promise.all([
      log.find({ dataSourceId: id }, { sort: [['position', 'desc']], skip: (page - 1) * size, limit: size }),
      log.count({ dataSourceId: id }),
    ]);
    setPagingHeaders(response, total, size);
    const users = this.store.collection<UserView>(USERS);
    return Promise.all(
      entries.map(async (entry) => {
        const actor = entry.userId === null ? null : await users.get(String(entry.userId));
        return {
          id: entry.position,
          createdAt: entry.createdAt,
          parameters: entry.parameters,
          dataCollectorId: entry.dataSourceId,
          type: entry.type,
          user: actor ? { id: actor.userId, username: actor.username, full_name: actor.fullName } : null,
          userId: entry.userId,
        };
      }),
    );
  }
}
