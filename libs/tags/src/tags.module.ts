import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AssignTagController } from './commands/assign-tag/assign-tag.controller';
import { AssignTagHandler } from './commands/assign-tag/assign-tag.handler';
import { CreateTagController } from './commands/create-tag/create-tag.controller';
import { CreateTagHandler } from './commands/create-tag/create-tag.handler';
import { UpdateTagController } from './commands/update-tag/update-tag.controller';
import { DeleteTagHandler, UpdateTagHandler } from './commands/update-tag/update-tag.handler';
import { ListTagsController } from './queries/list-tags/list-tags.controller';

/** The tags API (labels, docs/api.md §11): its controllers and command handlers. */
@Module({
  imports: [CqrsModule],
  controllers: [ListTagsController, CreateTagController, UpdateTagController, AssignTagController],
  providers: [CreateTagHandler, UpdateTagHandler, DeleteTagHandler, AssignTagHandler],
  exports: [],
})
export class TagsModule {}
