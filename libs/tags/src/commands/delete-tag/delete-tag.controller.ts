import { Controller, Delete, HttpCode, Inject, Param, ParseIntPipe } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { DeleteTagCommand } from './delete-tag.handler';

/** Removing a tag; unknown or another organisation's tag → 422 (docs/api.md §11). */
@ApiTags('UpdateTag')
@Controller('api/v1.0')
export class DeleteTagController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Delete('tags/:id')
  @HttpCode(200)
  async deleteTag(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) tagId: number) {
    await this.commands.execute(new DeleteTagCommand(user, tagId));
    await this.readModels.settled();
    return { message: 'Tag deleted' };
  }
}
