import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { listRoles } from './list-roles.read';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class ListRolesController {
  /** Admins get every role they may assign; others their own roles. */
  @Get('user_roles')
  @ApiResponse({ status: 200, description: '{"user_roles": [{"id": 1, "role_name": "Regular_User"}, ...]}' })
  listRoles(@CurrentUser() caller: AuthUser) {
    return listRoles(caller);
  }
}
