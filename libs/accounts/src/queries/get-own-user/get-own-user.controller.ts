import { Controller, Get, Inject } from '@nestjs/common';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { getOwnUser } from './get-own-user.read';

@Controller('api/v1.0')
export class GetOwnUserController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('user_token')
  getOwnUser(@CurrentUser() caller: AuthUser) {
    return getOwnUser(this.store, caller);
  }
}
