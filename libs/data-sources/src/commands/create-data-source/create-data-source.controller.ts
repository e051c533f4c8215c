import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { DataSourceRequest } from '../shared/data-source-request.dto';
import { CreateDataSourceCommand } from './create-data-source.handler';

@ApiTags('DataSources')
@Controller('api/v1.0')
export class CreateDataSourceController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @AdminOnly()
  @Post('data_collectors')
  @HttpCode(200)
  async createDataSource(@CurrentUser() user: AuthUser, @Body() body: DataSourceRequest) {
    const id = await this.commands.execute<CreateDataSourceCommand, number>(
      new CreateDataSourceCommand(user.organizationId, user.userId, body),
    );
    await this.readModels.settled();
    return { message: 'Data Collector Added Successfully', id };
  }
}
