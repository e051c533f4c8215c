import { formatCount, formatDateTime, formatUnixDateTime, parseTimestamp } from './format';

describe('format', () => {
  // The test run uses TZ=UTC (vite.config.ts).
  it('formats dates as MM/DD/YY hh:mm:ss A in the local zone', () => {
    expect(formatDateTime('2024-03-05T14:07:09.123Z')).toBe('03/05/24 02:07:09 PM');
    expect(formatDateTime('2024-03-05T00:00:01Z')).toBe('03/05/24 12:00:01 AM');
  });

  it('formats Unix seconds the same way, and nothing as empty', () => {
    expect(formatUnixDateTime(1709647629)).toBe('03/05/24 02:07:09 PM');
    expect(formatUnixDateTime(null)).toBe('');
    expect(formatUnixDateTime(undefined)).toBe('');
  });

  it('reads the original backend timestamp forms too', () => {
    expect(parseTimestamp('2021-03-01 12:34:56.123456+00:00')?.toISOString()).toBe(
      '2021-03-01T12:34:56.123Z',
    );
    expect(parseTimestamp('2021-03-01 12:34:56+0000')?.toISOString()).toBe('2021-03-01T12:34:56.000Z');
  });

  it('abbreviates counts from 1000 with one decimal', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(2_000_000)).toBe('2M');
  });
});
