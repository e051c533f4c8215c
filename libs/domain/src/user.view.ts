/** The accounts' roles: a regular user and an organization's administrator. */
export const ROLE_USER = 1;
export const ROLE_ADMIN = 2;

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
