import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { AccountEventTypes } from './account.events';
import { decideRefresh, sessionEvolver, type SessionState } from './session';

function given(...events: Array<[type: string, data: unknown]>): SessionState {
  return events
    .map(([type, data], revision): RecordedEvent => ({
      id: `e${revision}`,
      type,
      data,
      metadata: {
        organizationId: 1,
        actor: '1',
        correlationId: 'c',
        causationId: null,
        occurredAt: '2026-01-01T00:00:00Z',
        schemaVersion: 1,
      },
      streamId: 'session-f',
      revision,
      position: revision + 1,
      recordedAt: '2026-01-01T00:00:00Z',
    }))
    .reduce(sessionEvolver.evolve, sessionEvolver.initial);
}

describe('a refresh-token family', () => {
  const started: [string, unknown] = [
    AccountEventTypes.SessionStarted,
    { familyId: 'f', userId: 7, tokenId: 't1' },
  ];

  it('rotates when the newest token is presented', () => {
    expect(decideRefresh(given(started), 't1')).toEqual({ kind: 'rotate' });
    const refreshed = given(started, [AccountEventTypes.SessionRefreshed, { familyId: 'f', tokenId: 't2' }]);
    expect(decideRefresh(refreshed, 't2')).toEqual({ kind: 'rotate' });
  });

  it('detects the reuse of a token that was already rotated', () => {
    const refreshed = given(started, [AccountEventTypes.SessionRefreshed, { familyId: 'f', tokenId: 't2' }]);
    expect(decideRefresh(refreshed, 't1')).toEqual({ kind: 'reuse-detected' });
  });

  it('refuses everything once revoked, and an unknown family', () => {
    const revoked = given(started, [AccountEventTypes.SessionRevoked, { familyId: 'f', reason: 'sign-out' }]);
    expect(decideRefresh(revoked, 't1')).toEqual({ kind: 'revoked' });
    expect(decideRefresh(given(), 't1')).toEqual({ kind: 'unknown' });
  });
});
