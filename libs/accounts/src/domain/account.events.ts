import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/** Events of the accounts context. Streams: organization-<id>, user-<id>, session-<familyId>, access-token-<jti>. */

export interface OrganizationCreated {
  organizationId: number;
  name: string;
}

/** A user created active with a password (the bootstrap administrator, or an admin's creation without mail). */
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

/**
 * A user waiting for activation through the mailed link. A self sign-up has no organization yet: one named after
 * the username is created on activation.
 */
export interface UserInvited {
  userId: number;
  organizationId: number | null;
  username: string;
  email: string;
  fullName: string;
  phone: string | null;
  roles: number[];
  /** Only the SHA-256 of a mailed token is stored. */
  tokenHash: string;
  expiresAt: string;
}

export interface ActivationTokenIssued {
  userId: number;
  tokenHash: string;
  expiresAt: string;
}

export interface UserActivated {
  userId: number;
  organizationId: number;
  roles: number[];
  passwordHash: string;
}

export interface PasswordRecoveryRequested {
  userId: number;
  tokenHash: string;
  expiresAt: string;
}

/** Through a recovery link: also unblocks the account and clears the failed sign-ins. */
export interface PasswordReset {
  userId: number;
  passwordHash: string;
}

export interface PasswordChanged {
  userId: number;
  passwordHash: string;
}

export interface EmailChangeRequested {
  userId: number;
  email: string;
  tokenHash: string;
  expiresAt: string;
}

export interface EmailChanged {
  userId: number;
  email: string;
}

export interface UserUpdated {
  userId: number;
  fullName: string;
  phone: string | null;
  roles: number[];
  firstLogin: boolean;
}

export interface UserDeleted {
  userId: number;
}

export interface LoginFailed {
  userId: number;
  /** Failures in a row from this client address (older events have no address: ''). */
  consecutiveFailures: number;
  address?: string;
  /** Set once the failures reach the threshold: sign-ins from this address wait until then. */
  lockedUntil?: string | null;
}

export interface UserBlocked {
  userId: number;
}

export interface LoginFailuresCleared {
  userId: number;
  address?: string;
}

/** An administrator lifted a block and every sign-in back-off of the user. */
export interface UserUnblocked {
  userId: number;
}

/**
 * Every session of the user started before this event ends (access and refresh tokens), except `keptSession`:
 * the sign-in that changed its own password stays signed in.
 */
export interface SessionsEnded {
  userId: number;
  keptSession: string | null;
  reason: 'password-changed' | 'password-reset' | 'roles-changed' | 'deleted' | 'blocked';
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

/** An access token refused by the guard until it would have expired anyway. */
export interface AccessTokenRevoked {
  tokenId: string;
  userId: number;
  expiresAt: string;
}

export const AccountEventTypes = {
  OrganizationCreated: 'OrganizationCreated',
  UserRegistered: 'UserRegistered',
  UserInvited: 'UserInvited',
  ActivationTokenIssued: 'ActivationTokenIssued',
  UserActivated: 'UserActivated',
  PasswordRecoveryRequested: 'PasswordRecoveryRequested',
  PasswordReset: 'PasswordReset',
  PasswordChanged: 'PasswordChanged',
  EmailChangeRequested: 'EmailChangeRequested',
  EmailChanged: 'EmailChanged',
  UserUpdated: 'UserUpdated',
  UserDeleted: 'UserDeleted',
  LoginFailed: 'LoginFailed',
  UserBlocked: 'UserBlocked',
  LoginFailuresCleared: 'LoginFailuresCleared',
  UserUnblocked: 'UserUnblocked',
  SessionsEnded: 'SessionsEnded',
  SessionStarted: 'SessionStarted',
  SessionRefreshed: 'SessionRefreshed',
  SessionRevoked: 'SessionRevoked',
  AccessTokenRevoked: 'AccessTokenRevoked',
} as const;

export interface UserEventMap {
  UserRegistered: UserRegistered;
  UserInvited: UserInvited;
  ActivationTokenIssued: ActivationTokenIssued;
  UserActivated: UserActivated;
  PasswordRecoveryRequested: PasswordRecoveryRequested;
  PasswordReset: PasswordReset;
  PasswordChanged: PasswordChanged;
  EmailChangeRequested: EmailChangeRequested;
  EmailChanged: EmailChanged;
  UserUpdated: UserUpdated;
  UserDeleted: UserDeleted;
  LoginFailed: LoginFailed;
  UserBlocked: UserBlocked;
  LoginFailuresCleared: LoginFailuresCleared;
  UserUnblocked: UserUnblocked;
  SessionsEnded: SessionsEnded;
}

/** An event of a user-<id> stream, as decided (before its envelope). */
export type UserEvent = {
  [K in keyof UserEventMap]: { type: K; data: UserEventMap[K] };
}[keyof UserEventMap];

/** Each account event type with its payload: the users' events, and the organisations', sessions' and tokens'. */
export interface AccountEventPayloads extends UserEventMap {
  OrganizationCreated: OrganizationCreated;
  SessionStarted: SessionStarted;
  SessionRefreshed: SessionRefreshed;
  SessionRevoked: SessionRevoked;
  AccessTokenRevoked: AccessTokenRevoked;
}
export type AccountEvent = RecordedOf<AccountEventPayloads>;
export const isAccountEvent = eventGuard<AccountEventPayloads>();

export const userStream = (userId: number) => `user-${userId}`;
export const organizationStream = (organizationId: number) => `organization-${organizationId}`;
export const accessTokenStream = (tokenId: string) => `access-token-${tokenId}`;

export const ROLE_NAMES: Record<number, string> = { 1: 'Regular_User', 2: 'Admin_User' };
