import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ROLE_ADMIN } from '@lorawatch/domain/user.view';
import { ROLE_NAMES } from '../../domain/account.events';

/** Admins get every role they may assign; others their own roles. */
export function listRoles(caller: AuthUser) {
  const ids = caller.roles.includes(ROLE_ADMIN) ? Object.keys(ROLE_NAMES).map(Number) : caller.roles;
  return {
    user_roles: ids
      .filter((id) => ROLE_NAMES[id] !== undefined)
      .map((id) => ({ id, role_name: ROLE_NAMES[id] })),
  };
}
