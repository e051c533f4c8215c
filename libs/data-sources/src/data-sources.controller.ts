import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseIntPipe,
  Patch,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID } from 'class-validator';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import { alertCountsByDataSource } from '@lorawatch/alerts';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { USERS, type UserView } from '@lorawatch/domain/user.view';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { PageQuery } from '@lorawatch/platform/query-params';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { POLICIES, type PolicyView } from '@lorawatch/policies';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ChangeDataSourceStatusCommand } from './commands/change-status/change-status.handler';
import { CreateDataSourceCommand } from './commands/create-data-source/create-data-source.handler';
import { DeleteDataSourceCommand } from './commands/delete-data-source/delete-data-source.handler';
import { forbidden, notFound } from '@lorawatch/platform/http-errors';
import { loadOwnDataSource } from './commands/shared/load-own-data-source';
import { DataSourceRequest } from './commands/shared/data-source-request.dto';
import { resolveSettings } from './commands/shared/resolve-settings';
import { UpdateDataSourceCommand } from './commands/update-data-source/update-data-source.handler';
import { ConnectionTests } from './connection-test/connection-tests';
import { ListDataSourcesQuery } from './queries/list-data-sources.query';
import { DATA_SOURCE_TYPES } from './domain/data-source-types';
import { TTN_REGIONS } from './domain/ttn-regions';
import {
  DATA_SOURCE_ACTIVITY,
  RECENT_ACTIVITY_MS,
  type DataSourceActivity,
} from '@lorawatch/domain/data-source-activity';
import { DATA_SOURCE_LOG, type DataSourceLogEntry } from './projection/data-source-log.projection';
import { dataSourceJson, dataSourceListJson } from './projection/data-source.json';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';

class StatusBody {
  @IsOptional()
  @IsString()
  status?: string;
}

/** The data source being edited, if any: the test then uses its stored secrets where the body leaves them empty. */
class StartTestQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'data_collector_id must be the integer id of a data source' })
  data_collector_id?: number;
}

class TestQuery {
  @IsUUID('4', { message: 'data_collector_id must be the id returned by POST data_collectors/test' })
  data_collector_id!: string;
}

/** Data sources (docs/api.md §4). Reads for every member of the organization; writes for its admins. */
@Controller('api/v1.0')
export class DataSourcesController {
  private readonly secrets: SecretBox;

  constructor(
    private readonly commands: CommandBus,
    private readonly tests: ConnectionTests,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secrets = new SecretBox(config.secretKey);
  }

  @Get('data_collector_types')
  types() {
    return DATA_SOURCE_TYPES.map(({ id, type, name }) => ({ id, type, name }));
  }

  @Get('data_collectors/ttn_regions')
  regions() {
    return TTN_REGIONS;
  }

  /** With `include_count=true` each item also gets `count`: its visible alerts in the window (docs/api.md §4). */
  @Get('data_collectors')
  async list(
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
    setPaging(response, total, size);
    return {
      data_collectors: items.map((item) =>
        counts
          ? { ...dataSourceListJson(item), count: counts.get(item.dataSourceId) ?? 0 }
          : dataSourceListJson(item),
      ),
    };
  }

  /** Data sources that are not disabled. */
  @Get('data_collectors/count')
  async count(@CurrentUser() user: AuthUser) {
    const filter = { organizationId: user.organizationId, deleted: false, status: { $ne: 'DISABLED' } };
    return { count: await this.store.collection<DataSourceView>(DATA_SOURCES).count(filter) };
  }

  /** The newest packet time of each data source with traffic in the last 4 hours. */
  @Get('data_collectors/activity')
  async activity(@CurrentUser() user: AuthUser) {
    const since = new Date(Date.now() - RECENT_ACTIVITY_MS).toISOString();
    const rows = await this.store
      .collection<DataSourceActivity>(DATA_SOURCE_ACTIVITY)
      .find({ organizationId: user.organizationId, lastPacketAt: { $gte: since } });
    return rows.map((row) => ({ dataCollectorId: row.dataSourceId, maxDate: row.lastPacketAt }));
  }

  @AdminOnly()
  @Post('data_collectors/test')
  @HttpCode(200)
  async startTest(
    @CurrentUser() user: AuthUser,
    @Body() body: DataSourceRequest,
    @Query() query: StartTestQuery,
  ) {
    const previous =
      query.data_collector_id === undefined
        ? null
        : (await loadOwnDataSource(this.events, query.data_collector_id, user.organizationId)).state.settings;
    const settings = await resolveSettings(body, user.organizationId, this.store, this.secrets, previous);
    return { message: 'Testing data collector', id: this.tests.start(user.organizationId, settings) };
  }

  @AdminOnly()
  @Get('data_collectors/test')
  testResult(@CurrentUser() user: AuthUser, @Query() query: TestQuery) {
    const outcome = this.tests.result(query.data_collector_id, user.organizationId);
    if (outcome === undefined) throw notFound();
    if (outcome === null)
      return { haveResponse: false, type: 'NOTREADY', message: 'No response from connection test yet' };
    return {
      haveResponse: true,
      data_collector_id: query.data_collector_id,
      type: outcome.type,
      message: outcome.message,
    };
  }

  @Get('data_collectors/:id')
  async get(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    const view = await this.ownView(user, id);
    const [policy, activity] = await Promise.all([
      this.store.collection<PolicyView>(POLICIES).get(String(view.policyId)),
      this.store.collection<DataSourceActivity>(DATA_SOURCE_ACTIVITY).get(String(id)),
    ]);
    const recent = activity && Date.now() - Date.parse(activity.lastPacketAt) <= RECENT_ACTIVITY_MS;
    return dataSourceJson(view, policy?.name ?? null, recent ? activity.lastPacketAt : null);
  }

  @Get('data_collectors/:id/log')
  async log(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Query() query: PageQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.ownView(user, id);
    const page = query.page ?? 1;
    const size = query.size ?? 20;
    const log = this.store.collection<DataSourceLogEntry>(DATA_SOURCE_LOG);
    const [entries, total] = await Promise.all([
      log.find({ dataSourceId: id }, { sort: [['position', 'desc']], skip: (page - 1) * size, limit: size }),
      log.count({ dataSourceId: id }),
    ]);
    setPaging(response, total, size);
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

  @AdminOnly()
  @Post('data_collectors')
  @HttpCode(200)
  async create(@CurrentUser() user: AuthUser, @Body() body: DataSourceRequest) {
    const id = await this.commands.execute<CreateDataSourceCommand, number>(
      new CreateDataSourceCommand(user.organizationId, user.userId, body),
    );
    await this.readModels.settled();
    return { message: 'Data Collector Added Successfully', id };
  }

  @AdminOnly()
  @Put('data_collectors/:id')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: DataSourceRequest,
  ) {
    await this.commands.execute(new UpdateDataSourceCommand(id, user.organizationId, user.userId, body));
    await this.readModels.settled();
    return { message: 'Data Collector Updated Successfully', id };
  }

  /** Answers the data source as it is once the change is recorded. */
  @AdminOnly()
  @Patch('data_collectors/:id')
  async changeStatus(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: StatusBody,
  ) {
    await this.commands.execute(
      new ChangeDataSourceStatusCommand(id, user.organizationId, user.userId, body.status),
    );
    await this.readModels.settled();
    return this.get(user, id);
  }

  @AdminOnly()
  @Delete('data_collectors/:id')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.commands.execute(new DeleteDataSourceCommand(id, user.organizationId, user.userId));
    await this.readModels.settled();
    return { message: 'Data Collector Removed Successfully', id };
  }

  private async ownView(user: AuthUser, id: number): Promise<DataSourceView> {
    const view = await this.store.collection<DataSourceView>(DATA_SOURCES).get(String(id));
    if (!view || view.deleted) throw notFound();
    if (view.organizationId !== user.organizationId) throw forbidden();
    return view;
  }
}

function setPaging(response: Response, total: number, size: number): void {
  response.setHeader('total-items', String(total));
  response.setHeader('total-pages', String(Math.ceil(total / size)));
}
