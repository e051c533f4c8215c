import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CurrentUser } from '../../auth/jwt-auth.guard';
import type { AuthUser } from '../../auth/token.service';
import {
  ORGANIZATIONS,
  USERS,
  userJson,
  type OrganizationView,
  type UserView,
} from '../../projection/user.view';

@Controller('api/v1.0')
export class GetOwnUserController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('user_token')
  async own(@CurrentUser() caller: AuthUser) {
    const user = await this.store.collection<UserView>(USERS).get(String(caller.userId));
    if (!user) throw new NotFoundException({ error: 'not found', message: 'Not found' });
    const organization = await this.store
      .collection<OrganizationView>(ORGANIZATIONS)
      .get(String(user.organizationId));
    return userJson(user, organization?.name ?? null);
  }
}
