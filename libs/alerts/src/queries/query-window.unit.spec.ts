import { Invalid } from '@lorawatch/platform/domain-errors';
import { alertOrder } from './alert-filter';
import { boundedWindow, hourBucketJson, parseInstant, timeWindow } from './query-window';

describe('date bounds of the read endpoints', () => {
  it.each([
    ['2024-03-01', 'gte', '2024-03-01T00:00:00.000Z'],
    ['2024-03-01', 'lte', '2024-03-01T23:59:59.999Z'],
    ['2024-03-01T12:00:00Z', 'gte', '2024-03-01T12:00:00.000Z'],
    ['2024-03-01 12:00:00', 'gte', '2024-03-01T12:00:00.000Z'],
    ['2024-03-01T12:00', 'lte', '2024-03-01T12:00:00.000Z'],
    ['2024-03-01T12:00:00.5+02:00', 'gte', '2024-03-01T10:00:00.500Z'],
    ['2024-03-01T12:00:00-0330', 'gte', '2024-03-01T15:30:00.000Z'],
  ] as const)('reads %s as a %s bound', (text, bound, iso) => {
    expect(parseInstant(text, bound)?.toISOString()).toBe(iso);
  });

  it.each(['yesterday', '2024-02-30', '2024-13-01', '2024-03-01T25:00:00Z', '13:00', '2024-W09', ''])(
    'refuses %j',
    (text) => expect(parseInstant(text, 'gte')).toBeNull(),
  );

  it('names the bad parameter and refuses a window that ends before it starts', () => {
    expect(() => timeWindow({ gte: 'soon' }, 'date')).toThrow(Invalid);
    expect(() => timeWindow({ lte: 'soon' }, 'last_up_timestamp')).toThrow(
      new Invalid('no valid last_up_timestamp[lte] value'),
    );
    expect(() => boundedWindow('2024-03-02', '2024-03-01', 'from', 'to')).toThrow(
      'since value must be before to until value',
    );
    expect(boundedWindow('2024-03-01', '2024-03-01', 'from', 'to')).toEqual({
      gte: '2024-03-01T00:00:00.000Z',
      lte: '2024-03-01T23:59:59.999Z',
    });
  });

  it('prints hour buckets the way the original did', () => {
    expect(hourBucketJson('2024-03-01T13:00:00.000Z')).toBe('2024-03-01 13:00:00+00:00');
  });
});

describe('order_by of GET alerts', () => {
  it('maps an API column and direction onto the read model, the id breaking ties', () => {
    expect(alertOrder(['data_collector_id', 'ASC'])).toEqual([
      ['dataSourceId', 'asc'],
      ['numericId', 'asc'],
      ['id', 'asc'],
    ]);
    expect(alertOrder(['id', 'DESC'])).toEqual([
      ['numericId', 'desc'],
      ['id', 'desc'],
    ]);
  });

  it('orders the DESCRIPTION by the type name the console shows (type_name), the code staying `type`', () => {
    expect(alertOrder(['type_name', 'ASC'])[0]).toEqual(['typeName', 'asc']);
    expect(alertOrder(['type', 'ASC'])[0]).toEqual(['code', 'asc']);
  });

  it.each([[undefined], [['created_at']], [['', 'ASC']], [['type', 'asc']], [['type', 'UP']]])(
    'falls back to newest first for %j',
    (orderBy) => {
      expect(alertOrder(orderBy)).toEqual([
        ['createdAt', 'desc'],
        ['numericId', 'desc'],
        ['id', 'desc'],
      ]);
    },
  );

  it('refuses an unknown column', () => {
    expect(() => alertOrder(['password', 'ASC'])).toThrow(Invalid);
    expect(() => alertOrder(['constructor', 'ASC'])).toThrow(Invalid);
  });
});
