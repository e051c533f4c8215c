import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { listAppKeys } from './list-app-keys.read';

/** The organisation's AppKey dictionary (docs/api.md §12), for every member. */
@ApiTags('AppKeys')
@Controller('api/v1.0')
export class ListAppKeysController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('app_keys')
  listAppKeys(@CurrentUser() user: AuthUser) {
    return listAppKeys(this.store, user);
  }
}
