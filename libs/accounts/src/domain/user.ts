import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { RecordedOf } from '@lorawatch/event-store/typed-events';
import type { Evolver } from '@lorawatch/platform/aggregate';
import { AccountMessages, failure, success, type Outcome } from './account-errors';
import { ROLE_ADMIN } from '@lorawatch/domain/user.view';
import { type UserEvent, type UserEventMap } from './account.events';

/** Failed sign-ins in a row from one client address after which that address must wait (never for good). */
export const MAX_FAILED_LOGINS = 5;
/** The waits after the 5th, 6th and 7th-and-later failures in a row: they grow, then stay at the last one. */
export const LOCKOUT_STEPS_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;

export interface Lockout {
  failures: number;
  lockedUntil: string | null;
}
/** Lifetime of the mailed links (activation, recovery, email change). */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface PendingToken {
  tokenHash: string;
  expiresAt: string;
}

/** The user-<id> aggregate: everything its commands decide on. */
export interface UserState {
  userId: number | null;
  organizationId: number | null;
  username: string;
  email: string | null;
  fullName: string;
  phone: string | null;
  roles: number[];
  active: boolean;
  deleted: boolean;
  blocked: boolean;
  failedLogins: number;
  /** Failed sign-ins per client address. */
  lockouts: Record<string, Lockout>;
  passwordHash: string | null;
  firstLogin: boolean;
  activation: PendingToken | null;
  recovery: PendingToken | null;
  emailChange: (PendingToken & { email: string }) | null;
}

const initial: UserState = {
  userId: null,
  organizationId: null,
  username: '',
  email: null,
  fullName: '',
  phone: null,
  roles: [],
  active: false,
  deleted: false,
  blocked: false,
  failedLogins: 0,
  lockouts: {},
  passwordHash: null,
  firstLogin: true,
  activation: null,
  recovery: null,
  emailChange: null,
};

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, organizationId, username, email, fullName, phone, roles, passwordHash, active } =
        event.data;
      return {
        ...initial,
        userId,
        organizationId,
        username,
        email,
        fullName,
        phone,
        roles,
        passwordHash,
        active,
      };
    }
    case 'UserInvited': {
      const { userId, organizationId, username, email, fullName, phone, roles, tokenHash, expiresAt } =
        event.data;
      return {
        ...initial,
        userId,
        organizationId,
        username,
        email,
        fullName,
        phone,
        roles,
        activation: { tokenHash, expiresAt },
      };
    }
    case 'ActivationTokenIssued':
      return { ...state, activation: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'UserActivated':
      return {
        ...state,
        organizationId: event.data.organizationId,
        roles: event.data.roles,
        passwordHash: event.data.passwordHash,
        active: true,
        activation: null,
      };
    case 'PasswordRecoveryRequested':
      return { ...state, recovery: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'PasswordReset':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        blocked: false,
        failedLogins: 0,
        lockouts: {},
        recovery: null,
      };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'EmailChangeRequested': {
      const { email, tokenHash, expiresAt } = event.data;
      return { ...state, emailChange: { email, tokenHash, expiresAt } };
    }
    case 'EmailChanged':
      return { ...state, email: event.data.email, emailChange: null };
    case 'UserUpdated': {
      const { fullName, phone, roles, firstLogin } = event.data;
      return { ...state, fullName, phone, roles, firstLogin };
    }
    case 'UserDeleted':
      return { ...state, deleted: true, activation: null, recovery: null, emailChange: null };
    case 'LoginFailed': {
      const { consecutiveFailures, address = '', lockedUntil = null } = event.data;
      return {
        ...state,
        failedLogins: consecutiveFailures,
        lockouts: { ...state.lockouts, [address]: { failures: consecutiveFailures, lockedUntil } },
      };
    }
    case 'UserBlocked':
      return { ...state, blocked: true };
    case 'LoginFailuresCleared': {
      const lockouts = Object.fromEntries(
        Object.entries(state.lockouts).filter(([address]) => address !== (event.data.address ?? '')),
      );
      return { ...state, failedLogins: 0, lockouts };
    }
    case 'UserUnblocked':
      return { ...state, blocked: false, failedLogins: 0, lockouts: {} };
    case 'SessionsEnded':
      return state;
  }
}

const USER_EVENT_TYPES = new Set<string>([
  'UserRegistered',
  'UserInvited',
  'ActivationTokenIssued',
  'UserActivated',
  'PasswordRecoveryRequested',
  'PasswordReset',
  'PasswordChanged',
  'EmailChangeRequested',
  'EmailChanged',
  'UserUpdated',
  'UserDeleted',
  'LoginFailed',
  'UserBlocked',
  'LoginFailuresCleared',
  'UserUnblocked',
  'SessionsEnded',
] satisfies Array<keyof UserEventMap>);

/** Narrows a recorded event to the events of a user stream. */
const isUserEvent = (event: RecordedEvent): event is RecordedOf<UserEventMap> =>
  USER_EVENT_TYPES.has(event.type);

export const userEvolver: Evolver<UserState> = {
  initial,
  evolve(state: UserState, event: RecordedEvent): UserState {
    return isUserEvent(event) ? evolveUser(state, event) : state;
  },
};

export const exists = (state: UserState): boolean => state.userId !== null && !state.deleted;

/** Who asks: the stored user behind a valid access token. */
export interface Actor {
  userId: number;
  organizationId: number;
  roles: number[];
}

export type TokenPurpose = 'activation' | 'recovery' | 'emailChange';
export type TokenCheck = 'valid' | 'invalid' | 'expired';

/** A mailed token is good once, while it is the newest of its purpose and younger than a day. */
export function checkToken(
  state: UserState,
  purpose: TokenPurpose,
  tokenHash: string,
  at: string,
): TokenCheck {
  const pending = exists(state) ? state[purpose] : null;
  if (!pending || pending.tokenHash !== tokenHash) return 'invalid';
  if (purpose === 'activation' && state.active) return 'invalid';
  return Date.parse(at) >= Date.parse(pending.expiresAt) ? 'expired' : 'valid';
}

export type UserCommand =
  | { kind: 'activate'; tokenHash: string; at: string; passwordHash: string; organizationId: number }
  | { kind: 'issueActivation'; tokenHash: string; expiresAt: string }
  | { kind: 'requestRecovery'; tokenHash: string; expiresAt: string }
  | { kind: 'resetPassword'; tokenHash: string; at: string; passwordHash: string }
  | {
      kind: 'changePassword';
      currentPasswordMatches: boolean;
      sameAsCurrent: boolean;
      passwordHash: string;
      /** The sign-in that asked: it stays signed in, every other one ends. */
      keepSession: string | null;
    }
  | {
      kind: 'requestEmailChange';
      currentPasswordMatches: boolean;
      email: string;
      emailTaken: boolean;
      tokenHash: string;
      expiresAt: string;
    }
  | { kind: 'confirmEmailChange'; tokenHash: string; at: string; emailTaken: boolean }
  | {
      kind: 'update';
      actor: Actor;
      fullName?: string;
      phone?: string | null;
      roles?: number[];
      firstLogin?: boolean;
    }
  | { kind: 'delete'; actor: Actor }
  | { kind: 'unblock'; actor: Actor }
  /** The operator's command line on the server (`npm run admin`): whoever can run it owns the store anyway. */
  | { kind: 'operatorUnblock' }
  | { kind: 'operatorResetPassword'; passwordHash: string }
  | { kind: 'recordLoginFailure'; address: string; at: string }
  | { kind: 'recordLoginSuccess'; address: string };

/** Until when sign-ins of this user from this address are refused; null when they are not. */
export function lockedUntil(state: UserState, address: string, at: string): string | null {
  const until = state.lockouts[address]?.lockedUntil ?? null;
  return until !== null && Date.parse(at) < Date.parse(until) ? until : null;
}

/** The wait after `failures` failures in a row: none below the threshold, then growing steps. */
export function lockoutAfter(failures: number): number {
  if (failures < MAX_FAILED_LOGINS) return 0;
  return LOCKOUT_STEPS_MS[Math.min(failures - MAX_FAILED_LOGINS, LOCKOUT_STEPS_MS.length - 1)];
}

/** decide(command, state) → events (docs/architecture.md §5): no clock, no I/O; hashes and times come in on the command. */
export function decideUser(state: UserState, command: UserCommand): Outcome<UserEvent[]> {
  const userId = state.userId;
  if (userId === null || state.deleted)
    return command.kind === 'activate' ||
      command.kind === 'resetPassword' ||
      command.kind === 'confirmEmailChange'
      ? failure('invalid', AccountMessages.invalidToken)
      : failure('not_found', AccountMessages.notFound);

  switch (command.kind) {
    case 'activate': {
      const check = checkToken(state, 'activation', command.tokenHash, command.at);
      if (check !== 'valid')
        return failure(
          'invalid',
          check === 'expired' ? AccountMessages.tokenExpiredResent : AccountMessages.invalidToken,
        );
      const { passwordHash, organizationId } = command;
      return success([
        { type: 'UserActivated', data: { userId, organizationId, roles: state.roles, passwordHash } },
      ]);
    }
    case 'issueActivation':
      if (state.active) return failure('invalid', AccountMessages.resendFailed);
      return success([
        {
          type: 'ActivationTokenIssued',
          data: { userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ]);
    case 'requestRecovery':
      // A pending account has no password to recover: it needs its activation link.
      if (!state.active) return failure('invalid', AccountMessages.invalidToken);
      return success([
        {
          type: 'PasswordRecoveryRequested',
          data: { userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ]);
    case 'resetPassword':
      if (checkToken(state, 'recovery', command.tokenHash, command.at) !== 'valid')
        return failure('invalid', AccountMessages.invalidToken);
      return success([
        { type: 'PasswordReset', data: { userId, passwordHash: command.passwordHash } },
        { type: 'SessionsEnded', data: { userId, keptSession: null, reason: 'password-reset' } },
      ]);
    case 'changePassword':
      if (!command.currentPasswordMatches) return failure('invalid', AccountMessages.currentPasswordWrong);
      if (command.sameAsCurrent) return failure('invalid', AccountMessages.samePassword);
      return success([
        { type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash } },
        {
          type: 'SessionsEnded',
          data: { userId, keptSession: command.keepSession, reason: 'password-changed' },
        },
      ]);
    case 'requestEmailChange':
      if (!command.currentPasswordMatches) return failure('invalid', AccountMessages.currentPasswordWrong);
      if (command.email === state.email) return failure('invalid', AccountMessages.sameEmail);
      if (command.emailTaken) return failure('invalid', AccountMessages.emailNotAvailable(command.email));
      return success([
        {
          type: 'EmailChangeRequested',
          data: { userId, email: command.email, tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ]);
    case 'confirmEmailChange': {
      const pending = state.emailChange;
      if (!pending || checkToken(state, 'emailChange', command.tokenHash, command.at) !== 'valid')
        return failure('invalid', AccountMessages.invalidToken);
      if (command.emailTaken) return failure('invalid', AccountMessages.emailNotAvailable(pending.email));
      return success([{ type: 'EmailChanged', data: { userId, email: pending.email } }]);
    }
    case 'update':
      return decideUpdate(state, userId, command);
    case 'delete': {
      const { actor } = command;
      if (actor.organizationId !== state.organizationId)
        return failure('not_found', AccountMessages.notFound);
      if (!actor.roles.includes(ROLE_ADMIN)) return failure('forbidden', AccountMessages.forbiddenAccess);
      if (actor.userId === userId) return failure('forbidden', AccountMessages.deleteSelf);
      return success([
        { type: 'UserDeleted', data: { userId } },
        { type: 'SessionsEnded', data: { userId, keptSession: null, reason: 'deleted' } },
      ]);
    }
    case 'unblock': {
      const { actor } = command;
      if (actor.organizationId !== state.organizationId)
        return failure('not_found', AccountMessages.notFound);
      if (!actor.roles.includes(ROLE_ADMIN)) return failure('forbidden', AccountMessages.forbiddenAccess);
      const lockedOut = state.blocked || Object.keys(state.lockouts).length > 0;
      return success(lockedOut ? [{ type: 'UserUnblocked', data: { userId } }] : []);
    }
    case 'operatorUnblock': {
      const lockedOut = state.blocked || Object.keys(state.lockouts).length > 0;
      return success(lockedOut ? [{ type: 'UserUnblocked', data: { userId } }] : []);
    }
    case 'operatorResetPassword':
      if (!state.active)
        return failure(
          'invalid',
          `User ${state.username} has not activated the account: resend the activation`,
        );
      // Also unblocks (PasswordReset clears every wait) and ends every session, as a reset by mail does.
      return success([
        { type: 'PasswordReset', data: { userId, passwordHash: command.passwordHash } },
        { type: 'SessionsEnded', data: { userId, keptSession: null, reason: 'password-reset' } },
      ]);
    case 'recordLoginFailure': {
      const { address, at } = command;
      const consecutiveFailures = (state.lockouts[address]?.failures ?? 0) + 1;
      const wait = lockoutAfter(consecutiveFailures);
      const until = wait > 0 ? new Date(Date.parse(at) + wait).toISOString() : null;
      return success([
        { type: 'LoginFailed', data: { userId, consecutiveFailures, address, lockedUntil: until } },
      ]);
    }
    case 'recordLoginSuccess':
      return success(
        state.lockouts[command.address]
          ? [{ type: 'LoginFailuresCleared', data: { userId, address: command.address } }]
          : [],
      );
  }
}

/** Self-service edits of name and phone; roles only by admins, and an admin keeps his own admin role. */
function decideUpdate(
  state: UserState,
  userId: number,
  command: Extract<UserCommand, { kind: 'update' }>,
): Outcome<UserEvent[]> {
  const { actor } = command;
  if (actor.organizationId !== state.organizationId) return failure('not_found', AccountMessages.notFound);
  const self = actor.userId === userId;
  const admin = actor.roles.includes(ROLE_ADMIN);
  if (!self && !admin) return failure('forbidden', AccountMessages.forbiddenAccess);
  const roles = command.roles ?? state.roles;
  const rolesChanged =
    roles.length !== state.roles.length || roles.some((role) => !state.roles.includes(role));
  if (rolesChanged && !admin) return failure('forbidden', AccountMessages.rolesByAdminsOnly);
  if (rolesChanged && self && !roles.includes(ROLE_ADMIN))
    return failure('forbidden', AccountMessages.ownAdminRole);
  const next = {
    userId,
    fullName: command.fullName ?? state.fullName,
    phone: command.phone === undefined ? state.phone : command.phone,
    roles: rolesChanged ? roles : state.roles,
    firstLogin: command.firstLogin ?? state.firstLogin,
  };
  const unchanged =
    !rolesChanged &&
    next.fullName === state.fullName &&
    next.phone === state.phone &&
    next.firstLogin === state.firstLogin;
  if (unchanged) return success([]);
  const updated: UserEvent = { type: 'UserUpdated', data: next };
  // Whatever the user's sessions were allowed to do under the old roles ends with them.
  return success(
    rolesChanged
      ? [updated, { type: 'SessionsEnded', data: { userId, keptSession: null, reason: 'roles-changed' } }]
      : [updated],
  );
}
