import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PageQuery } from '@lorawatch/platform/query-params';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { listUsers } from './list-users.read';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class ListUsersController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /**
   * Every member pages through the users of their own organization, pending ones included (console part 1 §6:
   * any user can view the user list). The original showed non-admins only themselves; the answer never carries
   * secrets, so there is nothing to hide from colleagues.
   */
  @Get('user')
  @ApiResponse({
    status: 200,
    description: '{"users": [user]} of the caller\'s organization, with total-items and total-pages headers',
  })
  async listUsers(
    @CurrentUser() caller: AuthUser,
    @Query() query: PageQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { answer, total, pages } = await listUsers(this.store, caller, query);
    response.setHeader('total-items', String(total));
    response.setHeader('total-pages', String(pages));
    return answer;
  }
}
