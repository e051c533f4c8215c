import { earlierBound } from './history-api';

describe('the upper bound of a History tab', () => {
  it('is the one given when the other is absent, and none when both are', () => {
    expect(earlierBound(undefined, '2024-03-05T14:30:00.000Z')).toBe('2024-03-05T14:30:00.000Z');
    expect(earlierBound('2024-03-05T14:30:00.000Z', undefined)).toBe('2024-03-05T14:30:00.000Z');
    expect(earlierBound(undefined, undefined)).toBeUndefined();
  });

  it("keeps the earlier of a caller's bound and the past time shown, whichever comes first", () => {
    expect(earlierBound('2024-03-05T10:00:00Z', '2024-03-05T14:30:00.000Z')).toBe('2024-03-05T10:00:00Z');
    expect(earlierBound('2024-03-06T10:00:00Z', '2024-03-05T14:30:00.000Z')).toBe('2024-03-05T14:30:00.000Z');
    // Times in other zones are compared as moments, not as texts.
    expect(earlierBound('2024-03-05T15:00:00+02:00', '2024-03-05T14:30:00.000Z')).toBe(
      '2024-03-05T15:00:00+02:00',
    );
  });

  it('reads a bare date as its whole day, as the record does', () => {
    expect(earlierBound('2024-03-05', '2024-03-05T14:30:00.000Z')).toBe('2024-03-05T14:30:00.000Z');
    expect(earlierBound('2024-03-05', '2024-03-06T00:00:00.000Z')).toBe('2024-03-05');
  });

  it('gives way to the other bound when it reads as no time', () => {
    expect(earlierBound('soon', '2024-03-05T14:30:00.000Z')).toBe('2024-03-05T14:30:00.000Z');
  });
});
