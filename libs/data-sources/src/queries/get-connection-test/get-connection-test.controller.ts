import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ConnectionTests } from '../../connection-test/connection-tests';
import { getConnectionTest } from './get-connection-test.read';
import { TestQuery } from './get-connection-test.query';

/** The outcome of a connection test started by POST data_collectors/test, polled by its id (docs/api.md §4). */
@ApiTags('DataSources')
@Controller('api/v1.0')
export class GetConnectionTestController {
  constructor(private readonly tests: ConnectionTests) {}

  @AdminOnly()
  @Get('data_collectors/test')
  getConnectionTest(@CurrentUser() user: AuthUser, @Query() query: TestQuery) {
    return getConnectionTest(this.tests, user, query);
  }
}
