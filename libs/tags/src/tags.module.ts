import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AssignTagController } from './commands/assign-tag/assign-tag.controller';
import { AssignTagHandler } from './commands/assign-tag/assign-tag.handler';
import { CreateTagController } from './commands/create-tag/create-tag.controller';
import { CreateTagHandler } from './commands/create-tag/create-tag.handler';
import { DeleteTagController } from './commands/delete-tag/delete-tag.controller';
import { DeleteTagHandler } from './commands/delete-tag/delete-tag.handler';
import { UnassignTagController } from './commands/unassign-tag/unassign-tag.controller';
import { UpdateTagController } from './commands/update-tag/update-tag.controller';
import { UpdateTagHandler } from './commands/update-tag/update-tag.handler';
import { GetTagController } from './queries/get-tag/get-tag.controller';
import { ListTagsController } from './queries/list-tags/list-tags.controller';

/** The tags API (labels, docs/api.md §11): one controller per use case, and the command handlers. */
@Module({
  imports: [CqrsModule],
  controllers: [
    ListTagsController,
    GetTagController,
    CreateTagController,
    UpdateTagController,
    DeleteTagController,
    AssignTagController,
    UnassignTagController,
  ],
  providers: [CreateTagHandler, UpdateTagHandler, DeleteTagHandler, AssignTagHandler],
  exports: [],
})
export class TagsModule {}
