import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { listTags } from './list-tags.read';

/** The organisation's labels (docs/api.md §11), by name. */
@ApiTags('ListTags')
@Controller('api/v1.0')
export class ListTagsController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('tags')
  listTags(@CurrentUser() user: AuthUser) {
    return listTags(this.store, user);
  }
}
