import { secondsAfter } from '../testing/packet-factory';
import { countInWindow, windowSum, windowTotals, WINDOW_HOURS, type HourBucket } from './hourly-window';

const MIDNIGHT = '2024-03-02T00:00:00.000Z';
const at = (hours: number) => secondsAfter(MIDNIGHT, hours * 3600);

function lostAt(hours: number[]): HourBucket[] {
  return hours.reduce<HourBucket[]>((window, h) => countInWindow(window, at(h), { PACKETS_LOST: 1 }), []);
}

describe('hourly counters over a sliding 24-hour window', () => {
  it('sums the hours of the window ending at the given instant, across midnight', () => {
    // 22:30 and 23:10 of the previous day, 00:20 and 01:05 of this one.
    const window = lostAt([-1.5, -0.8333, 0.3333, 1.0833]);
    expect(windowSum(window, at(1.5), 24, 'PACKETS_LOST')).toBe(4);
    expect(windowSum(window, at(1.5), 3, 'PACKETS_LOST')).toBe(3);
    expect(windowSum(window, at(1.5), 1, 'PACKETS_LOST')).toBe(1);
  });

  it('forgets an hour once it is more than 24 hours old', () => {
    const window = lostAt([0.5, 10.5]);
    expect(windowSum(window, at(23.9), 24, 'PACKETS_LOST')).toBe(2);
    expect(windowSum(window, at(24.1), 24, 'PACKETS_LOST')).toBe(1);
    expect(windowSum(window, at(34.6), 24, 'PACKETS_LOST')).toBe(0);
  });

  it('drops buckets that fall out of the window as newer hours arrive, keeping at most 24', () => {
    const window = lostAt(Array.from({ length: 60 }, (_unused, h) => h + 0.5));
    expect(window).toHaveLength(WINDOW_HOURS);
    expect(window[0].hourStart).toBe(at(36));
    expect(windowTotals(window, at(59.5), 24).PACKETS_LOST).toBe(24);
  });

  it('adds a packet slightly out of order to its own hour, and ignores one older than the window', () => {
    const window = lostAt([30.1, 29.9, 2]);
    expect(window.map((bucket) => [bucket.hourStart, bucket.counts.PACKETS_LOST])).toEqual([
      [at(29), 1],
      [at(30), 1],
    ]);
  });
});
