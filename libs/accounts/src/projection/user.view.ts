import type { AuthUser } from '../auth/token.service';

/** Users read model. passwordHash stays server-side: serialisers never include it. */
export interface UserView {
  id: string;
  userId: number;
  /** Null for a self sign-up until its activation creates the organization. */
  organizationId: number | null;
  username: string;
  email: string | null;
  fullName: string;
  phone: string | null;
  roles: number[];
  active: boolean;
  firstLogin: boolean;
  passwordHash: string | null;
  blocked: boolean;
  deleted: boolean;
  /** Sessions started before this time have ended (password, roles, deletion), except `keptSession`. */
  sessionsValidAfter?: string | null;
  keptSession?: string | null;
}

export interface OrganizationView {
  id: string;
  organizationId: number;
  name: string;
}

/** Access tokens signed out before they expired; the guard refuses them. */
export interface RevokedAccessToken {
  id: string;
  userId: number;
  expiresAt: string;
}

export const USERS = {
  name: 'users',
  indexes: [{ fields: ['username'] }, { fields: ['email'] }, { fields: ['organizationId'] }],
};
export const ORGANIZATIONS = { name: 'organizations' };
export const REVOKED_ACCESS_TOKENS = { name: 'revoked_access_tokens', indexes: [{ fields: ['expiresAt'] }] };

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
