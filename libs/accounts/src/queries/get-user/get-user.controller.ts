import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { USERS, type UserView } from '@lorawatch/domain/user.view';
import { readUserJson } from './read-user';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class GetUserController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('user/:username')
  @ApiResponse({ status: 200, description: 'The user object' })
  @ApiResponse({ status: 404, description: 'No such user in your organization' })
  async getUser(@CurrentUser() caller: AuthUser, @Param('username') username: string) {
    const [user] = await this.store
      .collection<UserView>(USERS)
      .find({ username: username.trim().toLowerCase(), deleted: { $ne: true } }, { limit: 1 });
    // Any member may read a colleague's profile (console part 1 §6); other organizations' users do not exist here.
    if (!user || user.organizationId !== caller.organizationId)
      throw new NotFoundException({ error: 'not found', message: 'not found' });
    return readUserJson(this.store, user);
  }
}
