import { Controller, Get, Inject, Param, ParseIntPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { requireMember } from '@lorawatch/assets';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { unknownTag } from '../../commands/shared/tag-rejections';
import { TAGS, tagJson, type TagView } from '@lorawatch/domain/tag.view';

/** One label of the organisation (docs/api.md §11); unknown or another organisation's tag → 422. */
@ApiTags('ListTags')
@Controller('api/v1.0')
export class GetTagController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('tags/:id')
  async getTag(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) tagId: number) {
    requireMember(user);
    const tag = await this.store.collection<TagView>(TAGS).get(String(tagId));
    if (!tag || tag.organizationId !== user.organizationId) throw unknownTag();
    return tagJson(tag);
  }
}
