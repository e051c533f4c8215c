import { BAR_COUNTS, fillBuckets, rangeWindow } from './range-window';

const NOW = new Date('2026-11-23T15:40:09.123Z');

describe('dashboard range window', () => {
  it('has 26 hourly bars for the last day, 9 daily for the last week and 33 daily for the last month', () => {
    expect(rangeWindow('DAY', NOW).buckets).toHaveLength(26);
    expect(rangeWindow('WEEK', NOW).buckets).toHaveLength(9);
    expect(rangeWindow('MONTH', NOW).buckets).toHaveLength(33);
    expect(BAR_COUNTS).toEqual({ DAY: 26, WEEK: 9, MONTH: 33 });
  });

  it('asks for the last 24 hours by hour, labelling every third hour', () => {
    const window = rangeWindow('DAY', NOW);
    expect(window).toMatchObject({
      groupBy: 'HOUR',
      from: '2026-11-22T15:40:09Z',
      to: '2026-11-23T15:40:09Z',
      tickEvery: 3,
    });
    expect(window.buckets[0].key).toBe('2026-11-22T14');
    expect(window.buckets[25].key).toBe('2026-11-23T15');
  });

  it('gives every hourly bar a distinct label although 26 hours repeat two clock times', () => {
    const labels = rangeWindow('DAY', NOW).buckets.map((bucket) => bucket.label);
    expect(new Set(labels).size).toBe(26);
    expect(labels[0].replace(/\u200b/g, '')).toBe(labels[24].replace(/\u200b/g, ''));
  });

  it('asks for a week and a calendar month by UTC day, up to and including today', () => {
    const week = rangeWindow('WEEK', NOW);
    expect(week).toMatchObject({ groupBy: 'DAY', from: '2026-11-16', to: '2026-11-24' });
    expect(week.buckets.map((bucket) => bucket.key)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    expect(week.buckets[8].label).toBe('11/23');

    const month = rangeWindow('MONTH', NOW);
    expect(month).toMatchObject({ groupBy: 'DAY', from: '2026-10-23', to: '2026-11-24' });
    expect(month.buckets[0].key).toBe('2026-10-22');
    expect(month.buckets[32].key).toBe('2026-11-23');
  });

  it('lays the server buckets over the bars, zero where the server sent nothing', () => {
    const window = rangeWindow('DAY', NOW);
    const points = fillBuckets(window, [
      { hour: '2026-11-23 15:00:00+00:00', count: 233 },
      // quarantined_devices/devices_count writes hours as ISO times.
      { hour: '2026-11-23T13:00:00.000Z', count: 4 },
      // Outside the bars: dropped.
      { hour: '2026-11-20 01:00:00+00:00', count: 99 },
    ]);
    expect(points).toHaveLength(26);
    expect(points[25].y).toBe(233);
    expect(points[23].y).toBe(4);
    expect(points.reduce((sum, point) => sum + point.y, 0)).toBe(237);

    const week = rangeWindow('WEEK', NOW);
    expect(fillBuckets(week, [{ date: '2026-11-22', count: 7 }]).map((point) => point.y)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 7, 0,
    ]);
  });
});
