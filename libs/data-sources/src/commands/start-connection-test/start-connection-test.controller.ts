import { Body, Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ConnectionTests } from '../../connection-test/connection-tests';
import { DataSourceRequest } from '../shared/data-source-request.dto';
import { loadOwnDataSource } from '../shared/load-own-data-source';
import { resolveSettings } from '../shared/resolve-settings';
import { StartTestQuery } from './start-connection-test.query';

/** "Test connection" before saving: starts a test in the background, polled by the id answered (docs/api.md §4). */
@ApiTags('DataSources')
@Controller('api/v1.0')
export class StartConnectionTestController {
  private readonly secrets: SecretBox;

  constructor(
    private readonly tests: ConnectionTests,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secrets = new SecretBox(config.secretKey);
  }

  @AdminOnly()
  @Post('data_collectors/test')
  @HttpCode(200)
  async startConnectionTest(
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
}
