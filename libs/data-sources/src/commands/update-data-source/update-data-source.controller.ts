import { Body, Controller, Inject, Param, ParseIntPipe, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { DataSourceRequest } from '../shared/data-source-request.dto';
import { UpdateDataSourceCommand } from './update-data-source.handler';

@ApiTags('DataSources')
@Controller('api/v1.0')
export class UpdateDataSourceController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @AdminOnly()
  @Put('data_collectors/:id')
  async updateDataSource(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: DataSourceRequest,
  ) {
    await this.commands.execute(new UpdateDataSourceCommand(id, user.organizationId, user.userId, body));
    await this.readModels.settled();
    return { message: 'Data Collector Updated Successfully', id };
  }
}
