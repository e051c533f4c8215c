import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { notFound } from '@lorawatch/platform/http-errors';
import { ConnectionTests } from '../../connection-test/connection-tests';
import { TestQuery } from './get-connection-test.query';

/** The outcome of a connection test started by POST data_collectors/test, polled by its id (docs/api.md §4). */
@ApiTags('DataSources')
@Controller('api/v1.0')
export class GetConnectionTestController {
  constructor(private readonly tests: ConnectionTests) {}

  @AdminOnly()
  @Get('data_collectors/test')
  getConnectionTest(@CurrentUser() user: AuthUser, @Query() query: TestQuery) {
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
}
