import { checkAsOf } from './as-of-time';

describe('reading as_of', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');

  it('answers the time in UTC with milliseconds, whatever zone it was given in', () => {
    expect(checkAsOf('2026-02-01T10:00:00+01:00', now)).toEqual({ at: '2026-02-01T09:00:00.000Z' });
    expect(checkAsOf('2026-02-01', now)).toEqual({ at: '2026-02-01T00:00:00.000Z' });
    expect(checkAsOf(' 2026-03-01T12:00:00Z ', now)).toEqual({ at: '2026-03-01T12:00:00.000Z' });
  });

  it('rejects what is not an ISO 8601 time, and a time after now', () => {
    const notATime = { rejected: 'as_of must be an ISO 8601 time, such as 2026-01-31T00:00:00Z' };
    for (const raw of ['yesterday', '13/01/2026', '1767225600', '2026-02-30T25:00:00Z', ''])
      expect(checkAsOf(raw, now)).toEqual(notATime);
    expect(checkAsOf('2026-03-01T12:00:00.001Z', now)).toEqual({
      rejected: 'as_of must not be in the future',
    });
  });
});
