import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { countUsers } from './count-users.read';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class CountUsersController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** Users of the caller's organization only (the original counted every organization's for admins). */
  @Get('user_count')
  @ApiResponse({ status: 200, description: '{"user_count": n}' })
  countUsers(@CurrentUser() caller: AuthUser) {
    return countUsers(this.store, caller);
  }
}
