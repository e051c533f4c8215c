import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { alertCountsByDataSource } from '@lorawatch/alerts';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { dataSourceListJson } from '@lorawatch/domain/data-source.json';
import { setPagingHeaders } from '../shared/paging-headers';
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
    const page = query.page ?? 1;
    const size = query.size ?? 1000;
    const filter = { organizationId: user.organizationId, deleted: false };
    const collection = this.store.collection<DataSourceView>(DATA_SOURCES);
    const counts = query.include_count
      ? await alertCountsByDataSource(this.store, user.organizationId, query)
      : null;
    const [items, total] = await Promise.all([
      collection.find(filter, { sort: [['dataSourceId', 'desc']], skip: (page - 1) * size, limit: size }),
      collection.count(filter),
    ]);
    setPagingHeaders(response, total, size);
    return {
      data_collectors: items.map((item) =>
        counts
          ? { ...dataSourceListJson(item), count: counts.get(item.dataSourceId) ?? 0 }
          : dataSourceListJson(item),
      ),
    };
  }
}
