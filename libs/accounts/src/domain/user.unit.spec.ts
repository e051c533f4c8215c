import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { AccountMessages } from './account-errors';
import type { UserEvent } from './account.events';
import { checkToken, decideUser, lockedUntil, userEvolver, type UserCommand, type UserState } from './user';

const DAY = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-02T12:00:00.000Z';

function given(...events: UserEvent[]): UserState {
  return events
    .map((event, revision): RecordedEvent => ({
      id: `e${revision}`,
      type: event.type,
      data: event.data,
      metadata: {
        organizationId: 1,
        actor: 'test',
        correlationId: 'c',
        causationId: null,
        occurredAt: DAY,
        schemaVersion: 1,
      },
      streamId: 'user-7',
      revision,
      position: revision + 1,
      recordedAt: DAY,
    }))
    .reduce(userEvolver.evolve, userEvolver.initial);
}

const when = (state: UserState, command: UserCommand) => decideUser(state, command);

const invited = (organizationId: number | null = null): UserEvent => ({
  type: 'UserInvited',
  data: {
    userId: 7,
    organizationId,
    username: 'jdoe',
    email: 'jdoe@example.com',
    fullName: 'Jane Doe',
    phone: null,
    roles: [2],
    tokenHash: 'activation-hash',
    expiresAt: LATER,
  },
});

const registered = (roles = [1]): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId: 7,
    organizationId: 1,
    username: 'jdoe',
    email: 'jdoe@example.com',
    fullName: 'Jane Doe',
    phone: null,
    roles,
    passwordHash: 'old-hash',
    active: true,
  },
});

const admin = { userId: 1, organizationId: 1, roles: [2] };
const otherAdmin = { userId: 99, organizationId: 2, roles: [2] };
const colleague = { userId: 8, organizationId: 1, roles: [1] };
const self = (roles = [1]) => ({ userId: 7, organizationId: 1, roles });

describe('the user aggregate', () => {
  describe('activation', () => {
    const activate = (tokenHash: string, at: string): UserCommand => ({
      kind: 'activate',
      tokenHash,
      at,
      passwordHash: 'new-hash',
      organizationId: 5,
    });

    it('activates with the mailed token, in the given organization, with the recorded roles', () => {
      expect(when(given(invited()), activate('activation-hash', DAY))).toEqual({
        ok: true,
        value: [
          {
            type: 'UserActivated',
            data: { userId: 7, organizationId: 5, roles: [2], passwordHash: 'new-hash' },
          },
        ],
      });
    });

    it('refuses another token, a used token and an expired one', () => {
      expect(when(given(invited()), activate('other', DAY))).toEqual({
        ok: false,
        error: { kind: 'invalid', message: AccountMessages.invalidToken },
      });
      const activated = given(invited(), {
        type: 'UserActivated',
        data: { userId: 7, organizationId: 5, roles: [2], passwordHash: 'h' },
      });
      expect(when(activated, activate('activation-hash', DAY)).ok).toBe(false);
      expect(when(given(invited()), activate('activation-hash', LATER))).toEqual({
        ok: false,
        error: { kind: 'invalid', message: AccountMessages.tokenExpiredResent },
      });
    });

    it('accepts only the newest link after a resend', () => {
      const resent = given(invited(), {
        type: 'ActivationTokenIssued',
        data: { userId: 7, tokenHash: 'second', expiresAt: LATER },
      });
      expect(checkToken(resent, 'activation', 'activation-hash', DAY)).toBe('invalid');
      expect(checkToken(resent, 'activation', 'second', DAY)).toBe('valid');
    });

    it('cannot resend the activation of an active user', () => {
      expect(
        when(given(registered()), { kind: 'issueActivation', tokenHash: 'x', expiresAt: LATER }),
      ).toEqual({ ok: false, error: { kind: 'invalid', message: AccountMessages.resendFailed } });
    });
  });

  describe('failed sign-ins', () => {
    const AT = '2024-01-01T00:00:00.000Z';
    const plus = (ms: number) => new Date(Date.parse(AT) + ms).toISOString();
    const failed = (n: number, address = '10.0.0.1', until: string | null = null): UserEvent => ({
      type: 'LoginFailed',
      data: { userId: 7, consecutiveFailures: n, address, lockedUntil: until },
    });
    const failure = (address = '10.0.0.1'): UserCommand => ({ kind: 'recordLoginFailure', address, at: AT });

    // Failures so far from the address → the wait the next failure imposes (never a block for good).
    const WAITS: Array<[number, number | null]> = [
      [0, null],
      [3, null],
      [4, 60_000],
      [5, 5 * 60_000],
      [6, 15 * 60_000],
      [20, 15 * 60_000],
    ];
    it.each(WAITS)(
      'after %i failures in a row, the next one makes the address wait %p ms',
      (before, wait) => {
        const history = Array.from({ length: before }, (_, index) => failed(index + 1));
        const outcome = when(given(registered(), ...history), failure());
        expect(outcome).toEqual({
          ok: true,
          value: [failed(before + 1, '10.0.0.1', wait === null ? null : plus(wait))],
        });
        expect(outcome.ok && outcome.value.some((event) => event.type === 'UserBlocked')).toBe(false);
      },
    );

    it('counts per client address and lets the wait run out', () => {
      const state = given(registered(), failed(5, '10.0.0.1', plus(60_000)));
      expect(lockedUntil(state, '10.0.0.1', AT)).toBe(plus(60_000));
      expect(lockedUntil(state, '10.0.0.2', AT)).toBeNull();
      expect(lockedUntil(state, '10.0.0.1', plus(60_000))).toBeNull();
      expect(when(state, failure('10.0.0.2'))).toEqual({ ok: true, value: [failed(1, '10.0.0.2')] });
    });

    it('clears the count of the address on a success, and records nothing when there was none', () => {
      expect(
        when(given(registered(), failed(1)), { kind: 'recordLoginSuccess', address: '10.0.0.1' }),
      ).toEqual({
        ok: true,
        value: [{ type: 'LoginFailuresCleared', data: { userId: 7, address: '10.0.0.1' } }],
      });
      expect(when(given(registered()), { kind: 'recordLoginSuccess', address: '10.0.0.1' })).toEqual({
        ok: true,
        value: [],
      });
    });

    it('an admin of the organization lifts a block and every wait', () => {
      const blocked = given(registered(), failed(5, '10.0.0.1', plus(60_000)), {
        type: 'UserBlocked',
        data: { userId: 7 },
      });
      expect(when(blocked, { kind: 'unblock', actor: admin })).toEqual({
        ok: true,
        value: [{ type: 'UserUnblocked', data: { userId: 7 } }],
      });
      expect(when(blocked, { kind: 'unblock', actor: colleague }).ok).toBe(false);
      expect(when(blocked, { kind: 'unblock', actor: otherAdmin }).ok).toBe(false);
      const after = given(registered(), failed(5, '10.0.0.1', plus(60_000)), {
        type: 'UserUnblocked',
        data: { userId: 7 },
      });
      expect(after).toMatchObject({ blocked: false, lockouts: {} });
      expect(lockedUntil(after, '10.0.0.1', AT)).toBeNull();
    });

    it('a password reset through the recovery link unblocks and clears the count', () => {
      const state = given(
        registered(),
        failed(5),
        { type: 'UserBlocked', data: { userId: 7 } },
        { type: 'PasswordRecoveryRequested', data: { userId: 7, tokenHash: 'recovery', expiresAt: LATER } },
      );
      const reset = when(state, { kind: 'resetPassword', tokenHash: 'recovery', at: DAY, passwordHash: 'n' });
      expect(reset).toEqual({
        ok: true,
        value: [
          { type: 'PasswordReset', data: { userId: 7, passwordHash: 'n' } },
          { type: 'SessionsEnded', data: { userId: 7, keptSession: null, reason: 'password-reset' } },
        ],
      });
      const after = given(
        registered(),
        failed(5),
        { type: 'UserBlocked', data: { userId: 7 } },
        { type: 'PasswordReset', data: { userId: 7, passwordHash: 'n' } },
      );
      expect(after).toMatchObject({ blocked: false, failedLogins: 0, recovery: null });
    });
  });

  describe('password and e-mail changes', () => {
    it('needs the current password and a different new one', () => {
      const change = (currentPasswordMatches: boolean, sameAsCurrent: boolean): UserCommand => ({
        kind: 'changePassword',
        currentPasswordMatches,
        sameAsCurrent,
        passwordHash: 'n',
        keepSession: 'mine',
      });
      expect(when(given(registered()), change(false, false))).toEqual({
        ok: false,
        error: { kind: 'invalid', message: AccountMessages.currentPasswordWrong },
      });
      expect(when(given(registered()), change(true, true))).toEqual({
        ok: false,
        error: { kind: 'invalid', message: AccountMessages.samePassword },
      });
      expect(when(given(registered()), change(true, false))).toEqual({
        ok: true,
        value: [
          { type: 'PasswordChanged', data: { userId: 7, passwordHash: 'n' } },
          { type: 'SessionsEnded', data: { userId: 7, keptSession: 'mine', reason: 'password-changed' } },
        ],
      });
    });

    it('changes the e-mail only when the link of the request comes back, once', () => {
      const request: UserCommand = {
        kind: 'requestEmailChange',
        currentPasswordMatches: true,
        email: 'new@example.com',
        emailTaken: false,
        tokenHash: 'mail',
        expiresAt: LATER,
      };
      expect(when(given(registered()), { ...request, email: 'jdoe@example.com' })).toEqual({
        ok: false,
        error: { kind: 'invalid', message: AccountMessages.sameEmail },
      });
      expect(when(given(registered()), { ...request, emailTaken: true })).toEqual({
        ok: false,
        error: { kind: 'invalid', message: AccountMessages.emailNotAvailable('new@example.com') },
      });
      const requested: UserEvent = {
        type: 'EmailChangeRequested',
        data: { userId: 7, email: 'new@example.com', tokenHash: 'mail', expiresAt: LATER },
      };
      expect(when(given(registered()), request)).toEqual({ ok: true, value: [requested] });
      const confirm: UserCommand = {
        kind: 'confirmEmailChange',
        tokenHash: 'mail',
        at: DAY,
        emailTaken: false,
      };
      expect(when(given(registered(), requested), confirm)).toEqual({
        ok: true,
        value: [{ type: 'EmailChanged', data: { userId: 7, email: 'new@example.com' } }],
      });
      const changed: UserEvent = { type: 'EmailChanged', data: { userId: 7, email: 'new@example.com' } };
      expect(when(given(registered(), requested, changed), confirm).ok).toBe(false);
      expect(when(given(registered(), requested), { ...confirm, at: LATER }).ok).toBe(false);
    });
  });

  describe('profile updates', () => {
    const update = (actor: typeof admin, changes: Partial<Extract<UserCommand, { kind: 'update' }>>) =>
      when(given(registered()), { kind: 'update', actor, ...changes });

    it('lets a regular user edit his own name and phone, sending his unchanged roles', () => {
      expect(update(self(), { fullName: 'Jane Q. Doe', phone: '+598-99123456', roles: [1] })).toEqual({
        ok: true,
        value: [
          {
            type: 'UserUpdated',
            data: {
              userId: 7,
              fullName: 'Jane Q. Doe',
              phone: '+598-99123456',
              roles: [1],
              firstLogin: true,
            },
          },
        ],
      });
    });

    it('keeps roles to admins, and an admin keeps his own admin role', () => {
      expect(update(self(), { roles: [2] })).toEqual({
        ok: false,
        error: { kind: 'forbidden', message: AccountMessages.rolesByAdminsOnly },
      });
      expect(update(admin, { roles: [2] }).ok).toBe(true);
      const selfAdmin = when(given(registered([2])), { kind: 'update', actor: self([2]), roles: [1] });
      expect(selfAdmin).toEqual({
        ok: false,
        error: { kind: 'forbidden', message: AccountMessages.ownAdminRole },
      });
    });

    it('refuses a colleague who is not admin, and hides the user from other organizations', () => {
      expect(update(colleague, { fullName: 'X' })).toEqual({
        ok: false,
        error: { kind: 'forbidden', message: AccountMessages.forbiddenAccess },
      });
      expect(update(otherAdmin, { fullName: 'X' })).toEqual({
        ok: false,
        error: { kind: 'not_found', message: AccountMessages.notFound },
      });
    });

    it('records nothing when nothing changes', () => {
      expect(update(self(), { fullName: 'Jane Doe', roles: [1] })).toEqual({ ok: true, value: [] });
    });
  });

  describe('deletion', () => {
    it('is for an admin of the same organization, never of oneself', () => {
      expect(when(given(registered()), { kind: 'delete', actor: admin })).toEqual({
        ok: true,
        value: [
          { type: 'UserDeleted', data: { userId: 7 } },
          { type: 'SessionsEnded', data: { userId: 7, keptSession: null, reason: 'deleted' } },
        ],
      });
      expect(when(given(registered([2])), { kind: 'delete', actor: self([2]) })).toEqual({
        ok: false,
        error: { kind: 'forbidden', message: AccountMessages.deleteSelf },
      });
      expect(when(given(registered()), { kind: 'delete', actor: otherAdmin }).ok).toBe(false);
      expect(when(given(registered()), { kind: 'delete', actor: colleague }).ok).toBe(false);
    });

    it('makes every later command fail and every link invalid', () => {
      const deleted = given(
        registered(),
        { type: 'PasswordRecoveryRequested', data: { userId: 7, tokenHash: 'recovery', expiresAt: LATER } },
        { type: 'UserDeleted', data: { userId: 7 } },
      );
      expect(when(deleted, { kind: 'delete', actor: admin })).toEqual({
        ok: false,
        error: { kind: 'not_found', message: AccountMessages.notFound },
      });
      expect(checkToken(deleted, 'recovery', 'recovery', DAY)).toBe('invalid');
      expect(
        when(deleted, { kind: 'resetPassword', tokenHash: 'recovery', at: DAY, passwordHash: 'n' }),
      ).toEqual({
        ok: false,
        error: { kind: 'invalid', message: AccountMessages.invalidToken },
      });
    });
  });

  it('offers no recovery to an account that was never activated', () => {
    expect(when(given(invited(1)), { kind: 'requestRecovery', tokenHash: 'r', expiresAt: LATER }).ok).toBe(
      false,
    );
  });
});
