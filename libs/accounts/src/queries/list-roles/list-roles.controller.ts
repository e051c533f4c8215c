import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ROLE_ADMIN } from '@lorawatch/domain/user.view';
import { ROLE_NAMES } from '../../domain/account.events';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class ListRolesController {
  /** Admins get every role they may assign; others their own roles. */
  @Get('user_roles')
  @ApiResponse({ status: 200, description: '{"user_roles": [{"id": 1, "role_name": "Regular_User"}, ...]}' })
  listRoles(@CurrentUser() caller: AuthUser) {
    const ids = caller.roles.includes(ROLE_ADMIN) ? Object.keys(ROLE_NAMES).map(Number) : caller.roles;
    return {
      user_roles: ids
        .filter((id) => ROLE_NAMES[id] !== undefined)
        .map((id) => ({ id, role_name: ROLE_NAMES[id] })),
    };
  }
}
