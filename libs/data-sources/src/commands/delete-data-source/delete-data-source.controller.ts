import { Controller, Delete, Inject, Param, ParseIntPipe } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { DeleteDataSourceCommand } from './delete-data-source.handler';

@ApiTags('DataSources')
@Controller('api/v1.0')
export class DeleteDataSourceController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @AdminOnly()
  @Delete('data_collectors/:id')
  async deleteDataSource(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.commands.execute(new DeleteDataSourceCommand(id, user.organizationId, user.userId));
    await this.readModels.settled();
    return { message: 'Data Collector Removed Successfully', id };
  }
}
