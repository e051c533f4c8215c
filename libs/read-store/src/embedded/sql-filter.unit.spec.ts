import { fieldSql, filterToSql, sortToSql } from './sql-filter';

describe('filterToSql', () => {
  it('binds every value and writes only validated paths into the SQL', () => {
    const { sql, params } = filterToSql({ code: "x' OR 1=1", 'parameters.fcnt': { $gte: 3, $lt: 9 } });
    expect(sql).not.toContain("x'");
    expect(params).toEqual(["x' OR 1=1", 3, 9]);
    expect(sql).toContain(`json_extract(doc, '$.parameters.fcnt') >= ?`);
  });

  it('binds booleans as 1/0 behind a json_type guard', () => {
    const { sql, params } = filterToSql({ resolved: true });
    expect(params).toEqual([1]);
    expect(sql).toContain(`json_type(doc, '$.resolved') IS 'true'`);
  });

  it('uses the id column directly', () => {
    expect(fieldSql('id')).toEqual({ value: 'id', type: `'text'` });
    expect(sortToSql([['id', 'desc']])).toBe('id DESC');
    expect(sortToSql([['a', 'asc']])).toBe(`json_extract(doc, '$.a') ASC, id ASC`);
  });

  it('returns always-true for an empty filter and always-false for an empty $in', () => {
    expect(filterToSql({})).toEqual({ sql: '1', params: [] });
    expect(filterToSql({ a: { $in: [] } })).toEqual({ sql: '0', params: [] });
  });

  it.each(['', 'a..b', '.a', 'a.', '1a', "a'b", 'a b', 'a-b', '$where', 'a[0]'])(
    'rejects the field path %j',
    (path) => {
      expect(() => filterToSql({ [path]: 1 })).toThrow();
    },
  );

  it('rejects unknown operators, non-scalar values and an empty $or', () => {
    expect(() => filterToSql({ a: { $regex: 'x' } as never })).toThrow('Unsupported operator');
    expect(() => filterToSql({ a: { $in: 'x' } as never })).toThrow('needs an array');
    expect(() => filterToSql({ a: { $eq: [1] } as never })).toThrow('Unsupported filter value');
    expect(() => filterToSql({ a: Number.NaN })).toThrow('Unsupported filter value');
    expect(() => filterToSql({ $or: [] })).toThrow('$or');
    expect(() => sortToSql([['a', 'up' as never]])).toThrow('Invalid sort direction');
  });
});
