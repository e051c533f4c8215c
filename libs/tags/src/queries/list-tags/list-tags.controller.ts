import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { requireMember } from '@lorawatch/assets';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { TAGS, tagJson, type TagView } from '@lorawatch/domain/tag.view';

/** The organisation's labels (docs/api.md §11), by name. */
@ApiTags('ListTags')
@Controller('api/v1.0')
export class ListTagsController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('tags')
  async listTags(@CurrentUser() user: AuthUser) {
    requireMember(user);
    const tags = await this.store
      .collection<TagView>(TAGS)
      .find({ organizationId: user.organizationId }, { sort: [['name', 'asc']] });
    return tags.map(tagJson);
  }
}
