import type { AlertDraft } from '@lorawatch/domain/alert';
import { openIssuesOf, trackerState, withIssue, withoutIssue, type TrackedIssue } from './tracker-state';

const issue = (id: string, keys: string[], numericId: number, code: TrackedIssue['code'] = 'LAF-401') =>
  ({
    id,
    code,
    keys,
    numericId,
    revision: 0,
    lastChecked: '2024-03-01T08:00:00.000Z',
    opening: {} as AlertDraft,
    closed: false,
  }) satisfies TrackedIssue;

describe('tracker state', () => {
  const stored = [
    issue('a', ['device:1', 'gateway:9'], 10),
    issue('b', ['device:1'], 11),
    issue('c', ['device:2'], 12, 'LAF-403'),
    // The same issue stored again later (a newer revision) replaces the first without listing it twice.
    { ...issue('a', ['device:1', 'gateway:9'], 10), revision: 3 },
  ];

  it('built in one pass from the stored issues, equals folding them one by one', () => {
    const folded = stored.reduce(withIssue, { issues: {}, byAsset: {} });
    expect(trackerState(stored)).toEqual(folded);
    expect(trackerState(stored).issues.a.revision).toBe(3);
    expect(trackerState(stored).byAsset['device:1']).toEqual(['a', 'b']);
  });

  it('is not changed by the pure steps taken from it afterwards', () => {
    const state = trackerState(stored);
    const next = withoutIssue(withIssue(state, issue('d', ['device:1'], 13)), 'b');
    expect(state.byAsset['device:1']).toEqual(['a', 'b']);
    expect(openIssuesOf(next, ['device:1'], 'LAF-401').map((open) => open.id)).toEqual(['a', 'd']);
    expect(openIssuesOf(state, ['device:1'], 'LAF-401').map((open) => open.id)).toEqual(['a', 'b']);
  });
});
