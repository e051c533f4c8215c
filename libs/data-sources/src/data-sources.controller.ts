import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { AdminOnly, CurrentUser } from '@lorawatch/accounts/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/accounts/auth/token.service';
import { PageQuery } from '@lorawatch/platform/query-params';
import { POLICIES, type PolicyView } from '@lorawatch/policies/policy.view';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CreateDataSourceCommand } from './commands/create-data-source/create-data-source.handler';
import { DataSourceRequest } from './commands/create-data-source/create-data-source.dto';
import { DATA_SOURCE_TYPES } from './domain/data-source-types';
import { dataSourceJson, dataSourceListJson } from './projection/data-source.json';
import { DATA_SOURCES, type DataSourceView } from './projection/data-source.view';

@Controller('api/v1.0')
export class DataSourcesController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  @Get('data_collector_types')
  types() {
    return DATA_SOURCE_TYPES.map(({ id, type, name }) => ({ id, type, name }));
  }

  @Get('data_collectors')
  async list(
    @CurrentUser() user: AuthUser,
    @Query() query: PageQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const page = query.page ?? 1;
    const size = query.size ?? 1000;
    const filter = { organizationId: user.organizationId, deleted: false };
    const collection = this.store.collection<DataSourceView>(DATA_SOURCES);
    const [items, total] = await Promise.all([
      collection.find(filter, { sort: [['dataSourceId', 'desc']], skip: (page - 1) * size, limit: size }),
      collection.count(filter),
    ]);
    response.setHeader('total-items', String(total));
    response.setHeader('total-pages', String(Math.ceil(total / size)));
    return { data_collectors: items.map(dataSourceListJson) };
  }

  @Get('data_collectors/:id')
  async get(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    const view = await this.store.collection<DataSourceView>(DATA_SOURCES).get(String(id));
    if (!view || view.deleted) throw new NotFoundException({ error: 'not found', message: 'Not found' });
    if (view.organizationId !== user.organizationId)
      throw new ForbiddenException({ error: 'forbidden access', message: 'Forbidden' });
    const policy = await this.store.collection<PolicyView>(POLICIES).get(String(view.policyId));
    return dataSourceJson(view, policy?.name ?? null);
  }

  @AdminOnly()
  @Post('data_collectors')
  @HttpCode(200)
  async create(@CurrentUser() user: AuthUser, @Body() body: DataSourceRequest) {
    const id = await this.commands.execute<CreateDataSourceCommand, number>(
      new CreateDataSourceCommand(user.organizationId, user.userId, body),
    );
    return { message: 'Data Collector Added Successfully', id };
  }
}
