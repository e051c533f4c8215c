/** Events of the accounts context. Streams: organization-<id>, user-<id>, session-<familyId>. */
export const ROLE_USER = 1;
export const ROLE_ADMIN = 2;

export interface OrganizationCreated {
  organizationId: number;
  name: string;
}

export interface UserRegistered {
  userId: number;
  organizationId: number;
  username: string;
  email: string | null;
  fullName: string;
  phone: string | null;
  roles: number[];
  /** argon2id hash; never leaves the server. */
  passwordHash: string;
  active: boolean;
}

export interface SessionStarted {
  familyId: string;
  userId: number;
  tokenId: string;
}

export interface SessionRefreshed {
  familyId: string;
  tokenId: string;
}

export interface SessionRevoked {
  familyId: string;
  reason: 'sign-out' | 'reuse-detected';
}

export const AccountEventTypes = {
  OrganizationCreated: 'OrganizationCreated',
  UserRegistered: 'UserRegistered',
  SessionStarted: 'SessionStarted',
  SessionRefreshed: 'SessionRefreshed',
  SessionRevoked: 'SessionRevoked',
} as const;
