import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ORGANIZATIONS, USERS, type OrganizationView, type UserView } from '@lorawatch/domain/user.view';
import { userJson } from '../../projection/user.view';

@Controller('api/v1.0')
export class GetOwnUserController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('user_token')
  async getOwnUser(@CurrentUser() caller: AuthUser) {
    const user = await this.store.collection<UserView>(USERS).get(String(caller.userId));
    if (!user) throw new NotFoundException({ error: 'not found', message: 'Not found' });
    const organization = await this.store
      .collection<OrganizationView>(ORGANIZATIONS)
      .get(String(user.organizationId));
    return userJson(user, organization?.name ?? null);
  }
}
