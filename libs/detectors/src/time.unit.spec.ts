import { epochMs, isBefore } from './time';

describe('epochMs: a packet date in epoch milliseconds', () => {
  it('reads every instant written as toISOString writes it as Date.parse does', () => {
    // Given instants from year 1000 to 9999, every month's last days and the ends of a day included
    const instants = [
      Date.UTC(1000, 0, 1),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 10, 30, 0, 0, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    for (let ms = Date.UTC(1970, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 7_777_777_777) instants.push(ms);
    for (const ms of instants) {
      const date = new Date(ms).toISOString();
      // When it is read, then it is the instant written
      expect(epochMs(date)).toBe(ms);
      expect(epochMs(date)).toBe(Date.parse(date));
    }
  });

  it('reads the dates whose fields are past their range as Date.parse does, or fails as it does', () => {
    const dates = [
      '2026-02-30T00:00:00.000Z',
      '2026-02-31T12:00:00.000Z',
      '2026-04-31T10:00:00.000Z',
      '2026-12-01T24:00:00.000Z',
      '0099-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00Z',
      '2026-01-01T01:00:00.000+01:00',
    ];
    for (const date of dates) expect(epochMs(date)).toBe(Date.parse(date));
    for (const date of [
      '2026-02-32T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-00-01T00:00:00.000Z',
      '2026-12-01T23:60:00.000Z',
      '2026-12-01T23:59:60.000Z',
      '2026-1a-01T00:00:00.000Z',
      'not a date',
    ])
      expect(() => epochMs(date)).toThrow(RangeError);
  });
});

describe('isBefore: the order of two packet dates', () => {
  it('orders any two dates as their instants, whether compared as text or read', () => {
    // Given dates written by toISOString around the ends of months, days and years, and other ISO forms
    const instants: number[] = [];
    for (const [year, month] of [
      [2024, 1],
      [2025, 1],
      [2026, 3],
      [2026, 11],
    ])
      for (let day = 26; day <= 32; day++)
        for (const hour of [0, 22, 23])
          instants.push(Date.UTC(year, month, day, hour, 59, 59, 999), Date.UTC(year, month, day, hour));
    const dates = instants.map((ms) => new Date(ms).toISOString());
    dates.push('2026-02-28T23:00:00Z', '2026-03-01T00:30:00.000+01:00', '2026-03-01T00:00:00.000Z');
    // When each pair is compared, then the answer is the order of the instants
    const misordered: string[] = [];
    for (const a of dates)
      for (const b of dates)
        if (isBefore(a, b) !== Date.parse(a) < Date.parse(b)) misordered.push(`${a} ${b}`);
    expect(misordered).toEqual([]);
    expect(dates.length).toBeGreaterThan(80);
  });

  it('orders a date whose day or hour rolls over by its instant, not by its text', () => {
    // Given Date.parse's reading of 30 February (2 March) and of hour 24 (the next day)
    expect(isBefore('2026-03-01T00:00:00.000Z', '2026-02-30T00:00:00.000Z')).toBe(true);
    expect(isBefore('2026-02-30T00:00:00.000Z', '2026-03-01T00:00:00.000Z')).toBe(false);
    // 29 February of a common year is 1 March; of a leap year it is itself; 31 April is 1 May
    expect(isBefore('2025-02-29T00:00:00.000Z', '2025-03-01T00:00:00.000Z')).toBe(false);
    expect(isBefore('2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z')).toBe(true);
    expect(isBefore('2026-04-31T00:00:00.000Z', '2026-05-01T00:00:00.000Z')).toBe(false);
    expect(isBefore('2026-05-31T00:00:00.000Z', '2026-06-01T00:00:00.000Z')).toBe(true);
    expect(isBefore('2026-12-01T24:00:00.000Z', '2026-12-02T00:00:00.001Z')).toBe(
      Date.parse('2026-12-01T24:00:00.000Z') < Date.parse('2026-12-02T00:00:00.001Z'),
    );
  });

  it('refuses a date that is not one', () => {
    expect(() => isBefore('not a date', '2026-03-01T00:00:00.000Z')).toThrow(RangeError);
  });
});
