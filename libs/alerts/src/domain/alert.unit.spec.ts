import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { alertOn, joinRequest } from '@lorawatch/issues/testing/issue-scenario';
import { AlertEventTypes } from '../alert.events';
import { alertEvolver, resolveAlert, type ResolveAlert } from './alert';

const alert = alertOn('LAF-001', joinRequest('0004a30b001c0530', 5, '2024-05-01T10:00:00.000Z'));
const given = (...events: Array<{ type: string; data: unknown }>) =>
  events.map((event) => event as RecordedEvent).reduce(alertEvolver.evolve, alertEvolver.initial);
const byAdmin: ResolveAlert = {
  organizationId: 1,
  resolver: { userId: 1, username: 'admin', fullName: 'Admin' },
  comment: 'false positive',
  at: '2024-05-02T00:00:00.000Z',
};

describe('resolving an alert', () => {
  it('given a raised alert, then it is resolved by the admin with the comment', () => {
    expect(resolveAlert(given({ type: AlertEventTypes.Raised, data: alert }), byAdmin)).toEqual({
      alertId: alert.id,
      resolvedAt: byAdmin.at,
      resolvedBy: byAdmin.resolver,
      comment: 'false positive',
    });
  });

  it('given a resolved alert, then resolving again overwrites (docs/api.md §6)', () => {
    const first = resolveAlert(given({ type: AlertEventTypes.Raised, data: alert }), byAdmin);
    const state = given(
      { type: AlertEventTypes.Raised, data: alert },
      { type: AlertEventTypes.Resolved, data: first },
    );
    expect(resolveAlert(state, { ...byAdmin, comment: null })).toMatchObject({ comment: null });
  });

  it('rejects an unknown alert and another organisation’s', () => {
    expect(resolveAlert(given(), byAdmin)).toBe('not_found');
    expect(
      resolveAlert(given({ type: AlertEventTypes.Raised, data: alert }), { ...byAdmin, organizationId: 2 }),
    ).toBe('forbidden');
  });
});
