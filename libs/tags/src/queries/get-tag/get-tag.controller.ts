import { Controller, Get, Inject, Param, ParseIntPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { getTag } from './get-tag.read';

/** One label of the organisation (docs/api.md §11); unknown or another organisation's tag → 422. */
@ApiTags('ListTags')
@Controller('api/v1.0')
export class GetTagController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('tags/:id')
  getTag(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) tagId: number) {
    return getTag(this.store, user, tagId);
  }
}
