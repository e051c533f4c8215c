import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { getUser } from './get-user.read';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class GetUserController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('user/:username')
  @ApiResponse({ status: 200, description: 'The user object' })
  @ApiResponse({ status: 404, description: 'No such user in your organization' })
  async getUser(@CurrentUser() caller: AuthUser, @Param('username') username: string) {
    const user = await getUser(this.store, caller, username);
    if (user === null) throw new NotFoundException({ error: 'not found', message: 'not found' });
    return user;
  }
}
