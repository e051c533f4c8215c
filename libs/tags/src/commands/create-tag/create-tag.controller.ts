import { Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import type { TagCreated } from '../../domain/tag.events';
import { TagQuery } from '../shared/tag.query';
import { CreateTagCommand } from './create-tag.handler';

@Controller('api/v1.0')
export class CreateTagController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  /** 200 with the new tag; coded 400 list for a missing, malformed or repeated name or colour. */
  @Post('tags')
  @HttpCode(200)
  async createTag(@CurrentUser() user: AuthUser, @Query() query: TagQuery) {
    const created = await this.commands.execute<CreateTagCommand, TagCreated>(
      new CreateTagCommand(user, query.name, query.color),
    );
    await this.readModels.settled();
    return { id: created.tagId, name: created.name, color: created.color };
  }
}
