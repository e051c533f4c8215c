import { Controller, HttpCode, Inject, Param, ParseIntPipe, Patch, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { TagQuery } from '../shared/tag.query';
import { UpdateTagCommand } from './update-tag.handler';

/** Renaming and recolouring a tag; unknown or another organisation's tag → 422 (docs/api.md §11). */
@ApiTags('UpdateTag')
@Controller('api/v1.0')
export class UpdateTagController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Patch('tags/:id')
  @HttpCode(200)
  async updateTag(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) tagId: number,
    @Query() query: TagQuery,
  ) {
    await this.commands.execute(new UpdateTagCommand(user, tagId, { name: query.name, color: query.color }));
    await this.readModels.settled();
    return { message: 'Tag updated' };
  }
}
