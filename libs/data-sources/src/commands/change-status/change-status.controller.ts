import { Body, Controller, Inject, Param, ParseIntPipe, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { getDataSource } from '../../queries/get-data-source/get-data-source.read';
import { StatusBody } from './change-status.dto';
import { ChangeDataSourceStatusCommand } from './change-status.handler';

@ApiTags('DataSources')
@Controller('api/v1.0')
export class ChangeDataSourceStatusController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  /** Answers the data source as it is once the change is recorded. */
  @AdminOnly()
  @Patch('data_collectors/:id')
  async changeDataSourceStatus(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: StatusBody,
  ) {
    await this.commands.execute(
      new ChangeDataSourceStatusCommand(id, user.organizationId, user.userId, body.status),
    );
    await this.readModels.settled();
    return getDataSource(this.store, user.organizationId, id);
  }
}
