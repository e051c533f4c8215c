import { describe, expect, it } from 'vitest';
import { pickBound, quickRange } from './date-range';

const at = (text: string) => new Date(text);

describe('quick ranges', () => {
  const now = at('2026-03-31T10:00:00');

  it('goes back a day, seven days, or a calendar month', () => {
    expect(quickRange('DAY', now).from).toEqual(at('2026-03-30T10:00:00'));
    expect(quickRange('WEEK', now).from).toEqual(at('2026-03-24T10:00:00'));
    expect(quickRange('MONTH', at('2026-05-15T10:00:00')).from).toEqual(at('2026-04-15T10:00:00'));
    expect(quickRange('DAY', now).to).toEqual(now);
  });
});

describe('picking a bound', () => {
  const range = { from: at('2026-03-01T00:00:00'), to: at('2026-03-02T00:00:00') };

  it('takes a pick that keeps the range in order', () => {
    expect(pickBound(range, 'from', at('2026-03-01T12:00:00')).from).toEqual(at('2026-03-01T12:00:00'));
    expect(pickBound(range, 'to', at('2026-03-03T00:00:00')).to).toEqual(at('2026-03-03T00:00:00'));
  });

  it('moves the end along when the start is picked after it, keeping the range length', () => {
    expect(pickBound(range, 'from', at('2026-03-05T00:00:00'))).toEqual({
      from: at('2026-03-05T00:00:00'),
      to: at('2026-03-06T00:00:00'),
    });
  });

  it('moves the start back when the end is picked before it, keeping the range length', () => {
    expect(pickBound(range, 'to', at('2026-02-01T00:00:00'))).toEqual({
      from: at('2026-01-31T00:00:00'),
      to: at('2026-02-01T00:00:00'),
    });
  });

  it('never leaves start and end equal', () => {
    const picked = pickBound(range, 'from', range.to);
    expect(picked.from.getTime()).toBeLessThan(picked.to.getTime());
    const equal = { from: range.to, to: range.to };
    const next = pickBound(equal, 'to', range.to);
    expect(next.from.getTime()).toBeLessThan(next.to.getTime());
  });
});
