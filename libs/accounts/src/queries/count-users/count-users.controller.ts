import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { USERS, type UserView } from '@lorawatch/domain/user.view';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class CountUsersController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** Users of the caller's organization only (the original counted every organization's for admins). */
  @Get('user_count')
  @ApiResponse({ status: 200, description: '{"user_count": n}' })
  async countUsers(@CurrentUser() caller: AuthUser) {
    const user_count = await this.store
      .collection<UserView>(USERS)
      .count({ organizationId: caller.organizationId, deleted: { $ne: true } });
    return { user_count };
  }
}
