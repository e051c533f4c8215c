/** Users read model. passwordHash stays server-side: serialisers never include it. */
export interface UserView {
  id: string;
  userId: number;
  organizationId: number;
  username: string;
  email: string | null;
  fullName: string;
  phone: string | null;
  roles: number[];
  active: boolean;
  firstLogin: boolean;
  passwordHash: string;
}

export interface OrganizationView {
  id: string;
  organizationId: number;
  name: string;
}

import type { AuthUser } from '../auth/token.service';

export const USERS = { name: 'users', indexes: [{ fields: ['username'] }, { fields: ['email'] }] };
export const ORGANIZATIONS = { name: 'organizations' };

export function userJson(user: UserView, organizationName: string | null) {
  return {
    id: user.userId,
    username: user.username,
    full_name: user.fullName,
    phone: user.phone,
    email: user.email,
    user_roles: user.roles,
    organization_id: user.organizationId,
    organization_name: organizationName,
    active: user.active,
    first_login: user.firstLogin,
  };
}

/** What a token says about the user. */
export function authUserOf(user: UserView): AuthUser {
  return {
    userId: user.userId,
    username: user.username,
    organizationId: user.organizationId,
    roles: user.roles,
  };
}
