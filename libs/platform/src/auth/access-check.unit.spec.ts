import type { UserView } from '@lorawatch/domain/user.view';
import { mayHoldSession, sessionEnded } from './access-check';

const user = (over: Partial<UserView> = {}): UserView => ({
  id: '7',
  userId: 7,
  organizationId: 1,
  username: 'jane',
  email: null,
  fullName: 'Jane',
  phone: null,
  roles: [1],
  active: true,
  firstLogin: false,
  passwordHash: null,
  blocked: false,
  deleted: false,
  ...over,
});

const ENDED_AT = '2024-01-01T12:00:00.000Z';

describe('access check', () => {
  // Sessions ended at ENDED_AT (keeping "kept") → whether a sign-in of that family and start has ended.
  const CASES: Array<[string, string | undefined, string | undefined, boolean]> = [
    ['started before', 'a', '2024-01-01T11:59:59.999Z', true],
    ['started at the same moment', 'a', ENDED_AT, false],
    ['started after', 'a', '2024-01-01T12:00:00.001Z', false],
    ['the kept one, started before', 'kept', '2024-01-01T11:00:00.000Z', false],
    ['without a start (older token)', undefined, undefined, true],
  ];
  it.each(CASES)('a sign-in %s', (_label, familyId, startedAt, ended) => {
    const view = user({ sessionsValidAfter: ENDED_AT, keptSession: 'kept' });
    expect(sessionEnded(view, familyId, startedAt)).toBe(ended);
  });

  it('ends nothing while no session was ever ended', () => {
    expect(sessionEnded(user(), undefined, undefined)).toBe(false);
  });

  it.each([
    ['active', {}, true],
    ['deleted', { deleted: true }, false],
    ['blocked', { blocked: true }, false],
    ['pending', { active: false }, false],
    ['without organization', { organizationId: null }, false],
  ] as const)('a user %s may hold a session: %p', (_label, over, may) => {
    expect(mayHoldSession(user(over))).toBe(may);
  });
});
