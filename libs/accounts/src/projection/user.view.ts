import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { UserView } from '@lorawatch/domain/user.view';

/** The user object of the contract (docs/api.md §3). */
export function userJson(user: UserView, organizationName: string | null) {
  return {
    id: user.userId,
    username: user.username,
    full_name: user.fullName,
    phone: user.phone,
    email: user.email,
    user_roles: user.roles,
    organization_id: user.organizationId,
    active: user.active,
    organization_name: organizationName,
    first_login: user.firstLogin,
  };
}

/** What a token says about the user; only active users (with an organization) get tokens. */
export function authUserOf(user: UserView & { organizationId: number }): AuthUser {
  return {
    userId: user.userId,
    username: user.username,
    organizationId: user.organizationId,
    roles: user.roles,
  };
}
