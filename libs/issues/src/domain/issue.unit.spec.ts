import { IssueEventTypes, ResolutionReason, type IssueOpened } from '@lorawatch/domain/issue.events';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { closeManually, issueEvolver, type CloseManually } from './issue';

const opened: IssueOpened = {
  issueId: 'a1',
  alertId: 'a1',
  code: 'LAF-006',
  organizationId: 1,
  dataSourceId: 3,
  asset: { type: 'DEVICE', devEui: '0004a30b001c0530', devAddr: '26011234', gateway: null },
  since: '2024-05-01T10:00:00.000Z',
};

function given(...events: Array<{ type: string; data: unknown }>) {
  return events
    .map((event, revision) => ({ ...event, revision }) as unknown as RecordedEvent)
    .reduce(issueEvolver.evolve, issueEvolver.initial);
}

const byAna: CloseManually = {
  organizationId: 1,
  user: { userId: 7, username: 'ana', fullName: 'Ana Operator' },
  comment: 'firmware updated',
  at: '2024-05-02T08:00:00.000Z',
};

describe('closing an issue by hand', () => {
  it('given an open issue, then it closes as MANUAL by the user with the comment', () => {
    expect(closeManually(given({ type: IssueEventTypes.Opened, data: opened }), byAna)).toEqual({
      issueId: 'a1',
      alertId: 'a1',
      code: 'LAF-006',
      reason: ResolutionReason.MANUAL,
      comment: 'firmware updated',
      resolvedAt: byAna.at,
      resolvedBy: byAna.user,
      evidence: null,
    });
  });

  it('given recurrences, then it still closes', () => {
    const state = given(
      { type: IssueEventTypes.Opened, data: opened },
      {
        type: IssueEventTypes.Recurred,
        data: { issueId: 'a1', alertId: 'a2', code: 'LAF-006', checkedAt: '' },
      },
    );
    expect(closeManually(state, byAna)).toMatchObject({ reason: ResolutionReason.MANUAL });
  });

  it('given a closed issue, then a second close is rejected as already resolved', () => {
    const first = closeManually(given({ type: IssueEventTypes.Opened, data: opened }), byAna);
    const state = given(
      { type: IssueEventTypes.Opened, data: opened },
      { type: IssueEventTypes.Closed, data: first },
    );
    expect(closeManually(state, byAna)).toBe('already_resolved');
  });

  it('given no issue, or another organisation’s, then it does not exist for the caller', () => {
    expect(closeManually(given(), byAna)).toBe('not_found');
    expect(
      closeManually(given({ type: IssueEventTypes.Opened, data: opened }), { ...byAna, organizationId: 2 }),
    ).toBe('not_found');
  });
});
