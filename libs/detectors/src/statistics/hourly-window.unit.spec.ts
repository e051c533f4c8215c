import { secondsAfter } from '../testing/packet-factory';
import { seeded } from '../testing/seeded-shuffle';
import {
  countInAnyWindow,
  countInWindow,
  windowSum,
  windowTotals,
  WINDOW_HOURS,
  type HourBucket,
} from './hourly-window';

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

  it.each([1, 2, 3])(
    'counts as the window read as dates does, and sums the buckets whose hours are in range (seed %i)',
    (seed) => {
      // Given an asset's packets minutes to a day apart, some delivered late by up to two days
      const random = seeded(seed);
      let window: HourBucket[] = [];
      let hours = 0;
      let late = 0;
      for (let i = 0; i < 2000; i++) {
        hours += random() < 0.05 ? random() * 30 : random() * 0.5;
        const delay = random() < 0.1 ? random() * 48 : 0;
        if (delay > 0) late += 1;
        const date = at(hours - delay);
        // When each is counted, then the window is the one the comparison of dates gives
        const next = countInWindow(window, date, { PACKETS_UP: 1, PACKETS_LOST: i % 3 });
        expect(next).toEqual(
          countInAnyWindow(
            window,
            new Date(Math.floor(Date.parse(date) / 3_600_000) * 3_600_000).toISOString(),
            { PACKETS_UP: 1, PACKETS_LOST: i % 3 },
          ),
        );
        window = next;
        // and the totals of the last 1 to 24 hours are those of the buckets whose hours are in range
        const span = 1 + Math.floor(random() * WINDOW_HOURS);
        const end = Math.floor(Date.parse(at(hours)) / 3_600_000) * 3_600_000;
        const inRange = window.filter((bucket) => {
          const start = Date.parse(bucket.hourStart);
          return start <= end && start > end - span * 3_600_000;
        });
        const expected = inRange.reduce((sum, bucket) => sum + bucket.counts.PACKETS_UP, 0);
        expect(windowTotals(window, at(hours), span).PACKETS_UP).toBe(expected);
      }
      expect(late).toBeGreaterThan(100);
    },
  );

  it('reads buckets that are not in hour order as dates', () => {
    // Given a window whose buckets are out of order (not as countInWindow writes them)
    const window: HourBucket[] = [
      { hourStart: at(5), counts: lostAt([5.5])[0].counts },
      { hourStart: at(3), counts: lostAt([3.5])[0].counts },
    ];
    // When a packet of hour 5 is counted, then it goes to hour 5's bucket, and both count in the totals
    const next = countInWindow(window, at(5.2), { PACKETS_LOST: 1 });
    expect(next).toEqual(countInAnyWindow(window, at(5), { PACKETS_LOST: 1 }));
    expect(next.find((bucket) => bucket.hourStart === at(5))?.counts.PACKETS_LOST).toBe(2);
    expect(windowTotals(next, at(5.5), 24).PACKETS_LOST).toBe(3);
  });
});
