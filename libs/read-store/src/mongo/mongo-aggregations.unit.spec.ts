import {
  BUCKET_FORMATS,
  countByPipeline,
  countByRows,
  countByTimePipeline,
  sumByPipeline,
  sumByRows,
  timeBucketRows,
} from './mongo-aggregations';

/** The few $dateToString specifiers the bucket formats use, applied in UTC, to check the formats' output. */
function formatUtc(format: string, iso: string): string {
  const date = new Date(iso);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return format
    .replace('%Y', String(date.getUTCFullYear()))
    .replace('%m', pad(date.getUTCMonth() + 1))
    .replace('%d', pad(date.getUTCDate()))
    .replace('%H', pad(date.getUTCHours()));
}

describe('countBy', () => {
  it('groups the matching documents by the field, a missing field as null', () => {
    expect(countByPipeline('parameters.dev_eui', { resolved: { $eq: false } })).toEqual([
      { $match: { resolved: { $eq: false } } },
      { $group: { _id: { $ifNull: ['$parameters.dev_eui', null] }, count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
    ]);
    expect(countByPipeline('id', {})[1]).toEqual({
      $group: { _id: { $ifNull: ['$_id', null] }, count: { $sum: 1 } },
    });
  });

  it('orders rows like the SQLite adapter: most frequent first, then false, null, numbers, text, true', () => {
    const rows = [
      { _id: true, count: 1 },
      { _id: 'b', count: 1 },
      { _id: 10, count: 1 },
      { _id: 'a', count: 1 },
      { _id: null, count: 1 },
      { _id: 9, count: 1 },
      { _id: false, count: 1 },
      { _id: 'LAF-001', count: 3 },
    ];
    expect(countByRows(rows)).toEqual([
      { value: 'LAF-001', count: 3 },
      { value: false, count: 1 },
      { value: null, count: 1 },
      { value: 9, count: 1 },
      { value: 10, count: 1 },
      { value: 'a', count: 1 },
      { value: 'b', count: 1 },
      { value: true, count: 1 },
    ]);
  });

  it('rejects an invalid field path before anything reaches the server', () => {
    expect(() => countByPipeline('a b', {})).toThrow('Invalid field path');
  });
});

describe('countByTime', () => {
  it('buckets text timestamps by hour or day in UTC, dropping text that is no date, oldest first', () => {
    expect(countByTimePipeline('createdAt', 'hour', { code: { $eq: 'LAF-001' } })).toEqual([
      { $match: { $and: [{ code: { $eq: 'LAF-001' } }, { createdAt: { $type: 'string' } }] } },
      {
        $group: {
          _id: {
            $dateToString: {
              date: { $dateFromString: { dateString: '$createdAt', onError: null, onNull: null } },
              format: '%Y-%m-%dT%H:00:00.000Z',
              timezone: 'UTC',
            },
          },
          count: { $sum: 1 },
        },
      },
      { $match: { _id: { $ne: null } } },
      { $sort: { _id: 1 } },
    ]);
    const day = countByTimePipeline('createdAt', 'day', {});
    expect(day[0]).toEqual({ $match: { createdAt: { $type: 'string' } } });
    expect(day[1]).toMatchObject({ $group: { _id: { $dateToString: { format: '%Y-%m-%d' } } } });
  });

  it.each([
    ['hour', '2024-05-01T10:15:00.000Z', '2024-05-01T10:00:00.000Z'],
    ['hour', '2024-05-02T01:59:59.999Z', '2024-05-02T01:00:00.000Z'],
    ['hour', '2024-05-01T23:30:00.000+02:00', '2024-05-01T21:00:00.000Z'],
    ['day', '2024-05-01T12:05:00.000Z', '2024-05-01'],
    ['day', '2024-12-31T23:59:59.000Z', '2024-12-31'],
  ] as const)('formats a %s bucket of %s as %s', (bucket, timestamp, expected) => {
    expect(formatUtc(BUCKET_FORMATS[bucket], timestamp)).toBe(expected);
  });

  it('answers the bucket text and its count', () => {
    expect(timeBucketRows([{ _id: '2024-05-01', count: 3 }])).toEqual([{ bucket: '2024-05-01', count: 3 }]);
  });
});

describe('sumBy', () => {
  it('groups by the fields in the order asked, a missing field as null', () => {
    expect(sumByPipeline(['code', 'resolved'], 'n', { code: { $eq: 'LAF-001' } })).toEqual([
      { $match: { code: { $eq: 'LAF-001' } } },
      {
        $group: {
          _id: { k0: { $ifNull: ['$code', null] }, k1: { $ifNull: ['$resolved', null] } },
          sum: { $sum: '$n' },
        },
      },
    ]);
  });

  it('makes one group over everything when no field is given', () => {
    expect(sumByPipeline([], 'stats.n', {})).toEqual([
      { $match: {} },
      { $group: { _id: null, sum: { $sum: '$stats.n' } } },
    ]);
  });

  it('answers the group values in the order of the fields', () => {
    expect(
      sumByRows(
        ['code', 'resolved'],
        [
          { _id: { k0: 'LAF-001', k1: false }, sum: 9 },
          { _id: { k0: null, k1: true }, sum: 3 },
        ],
      ),
    ).toEqual([
      { values: ['LAF-001', false], sum: 9 },
      { values: [null, true], sum: 3 },
    ]);
    expect(sumByRows([], [{ _id: null, sum: 14 }])).toEqual([{ values: [], sum: 14 }]);
  });

  it('rejects invalid paths in the groups and the summed field', () => {
    expect(() => sumByPipeline(['a-b'], 'n', {})).toThrow('Invalid field path');
    expect(() => sumByPipeline([], '$n', {})).toThrow('Invalid field path');
  });
});
