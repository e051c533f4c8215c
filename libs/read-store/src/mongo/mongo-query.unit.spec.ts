import type { Filter } from '../read-store.port';
import {
  CHECKPOINTS_COLLECTION,
  andFilters,
  mongoCollectionName,
  mongoPath,
  pagingNumber,
  seekFilter,
  toMongoFilter,
  toMongoSort,
} from './mongo-query';
import { databaseNameOf } from './mongo-read-store';

describe('toMongoFilter', () => {
  it('writes equality, bare or with $eq, as $eq on each field', () => {
    expect(toMongoFilter({ code: 'LAF-001', risk: { $eq: 'LOW' }, count: 2.5, resolved: true })).toEqual({
      code: { $eq: 'LAF-001' },
      risk: { $eq: 'LOW' },
      count: { $eq: 2.5 },
      resolved: { $eq: true },
    });
  });

  it('passes $ne, $in, $nin and the ranges through, where Mongo already has the port meaning', () => {
    expect(
      toMongoFilter({
        risk: { $ne: 'HIGH', $nin: ['LOW'] },
        devEui: { $in: ['d2', null] },
        count: { $gt: 1, $lte: 12 },
        createdAt: { $gte: '2024-05-01', $lt: '2024-05-02' },
      }),
    ).toEqual({
      risk: { $ne: 'HIGH', $nin: ['LOW'] },
      devEui: { $in: ['d2', null] },
      count: { $gt: 1, $lte: 12 },
      createdAt: { $gte: '2024-05-01', $lt: '2024-05-02' },
    });
    expect(toMongoFilter({ risk: { $in: [] } })).toEqual({ risk: { $in: [] } });
  });

  it('matches null for a missing field too: $eq null stays $eq null', () => {
    expect(toMongoFilter({ devEui: null })).toEqual({ devEui: { $eq: null } });
    expect(toMongoFilter({ devEui: { $ne: null } })).toEqual({ devEui: { $ne: null } });
  });

  it('rewrites $exists to "present and not null" / "absent or null", as the port defines it', () => {
    expect(toMongoFilter({ devEui: { $exists: true } })).toEqual({ devEui: { $ne: null } });
    expect(toMongoFilter({ 'parameters.fcnt': { $exists: false } })).toEqual({
      'parameters.fcnt': { $eq: null },
    });
  });

  it('makes ranges with null match what the SQLite adapter matches: $gte/$lte null only null, $gt/$lt nothing', () => {
    expect(toMongoFilter({ a: { $gte: null } })).toEqual({ a: { $eq: null } });
    expect(toMongoFilter({ a: { $lte: null } })).toEqual({ a: { $eq: null } });
    expect(toMongoFilter({ a: { $gt: null } })).toEqual({ a: { $in: [] } });
    expect(toMongoFilter({ a: { $lt: null } })).toEqual({ a: { $in: [] } });
  });

  it('keeps both conditions when a rewrite repeats an operator on the same field', () => {
    expect(toMongoFilter({ note: { $exists: true, $ne: 'x' } })).toEqual({
      note: { $ne: null },
      $and: [{ note: { $ne: 'x' } }],
    });
    expect(toMongoFilter({ a: { $eq: 1, $exists: false } })).toEqual({
      a: { $eq: 1 },
      $and: [{ a: { $eq: null } }],
    });
  });

  it('filters on id through _id, and keeps dotted paths as Mongo dotted paths', () => {
    expect(toMongoFilter({ id: 'a4' })).toEqual({ _id: { $eq: 'a4' } });
    expect(toMongoFilter({ 'parameters.dev_eui': 'd1', 'id.x': 1 })).toEqual({
      'parameters.dev_eui': { $eq: 'd1' },
      'id.x': { $eq: 1 },
    });
  });

  it('translates $or branches recursively and ANDs them with the other fields', () => {
    expect(
      toMongoFilter({
        resolved: false,
        $or: [{ risk: 'HIGH' }, { $or: [{ id: 'a1' }] }, { 'parameters.fcnt': { $exists: true } }],
      }),
    ).toEqual({
      resolved: { $eq: false },
      $or: [
        { risk: { $eq: 'HIGH' } },
        { $or: [{ _id: { $eq: 'a1' } }] },
        { 'parameters.fcnt': { $ne: null } },
      ],
    });
    expect(toMongoFilter({ $or: undefined, code: 'x' })).toEqual({ code: { $eq: 'x' } });
  });

  it('returns an empty query (everything) for no filter', () => {
    expect(toMongoFilter()).toEqual({});
    expect(toMongoFilter({})).toEqual({});
  });

  it.each(['', 'a..b', '.a', 'a.', '1a', "a'b", 'a b', 'a-b', 'a[0]', "code') OR 1=1 --"])(
    'rejects the field path %j',
    (path) => {
      expect(() => toMongoFilter({ [path]: 1 })).toThrow('Invalid field path');
    },
  );

  it('rejects operators of its own, unknown operators, non-scalar values and malformed conditions', () => {
    expect(() => toMongoFilter({ $where: 'true' } as Filter)).toThrow('Unsupported filter operator $where');
    expect(() => toMongoFilter({ $and: [] } as Filter)).toThrow('Unsupported filter operator');
    expect(() => toMongoFilter({ a: { $regex: 'x' } as never })).toThrow('Unsupported operator $regex');
    expect(() => toMongoFilter({ a: { $in: 'x' } as never })).toThrow('needs an array');
    expect(() => toMongoFilter({ a: { $in: [{ $gt: 1 }] } as never })).toThrow('Unsupported filter value');
    expect(() => toMongoFilter({ a: { $eq: [1] } as never })).toThrow('Unsupported filter value');
    expect(() => toMongoFilter({ a: [1] as never })).toThrow('Unsupported filter value');
    expect(() => toMongoFilter({ a: Number.NaN })).toThrow('Unsupported filter value');
    expect(() => toMongoFilter({ a: { $exists: 1 } as never })).toThrow('needs a boolean');
    expect(() => toMongoFilter({ a: undefined })).toThrow('is undefined');
    expect(() => toMongoFilter({ $or: [] })).toThrow('$or needs a non-empty array');
    expect(() => toMongoFilter({ $or: [null as never] })).toThrow('A filter must be an object');
  });
});

describe('toMongoSort', () => {
  it('sorts by the fields in order, then by _id for stable pages', () => {
    expect(
      toMongoSort([
        ['risk', 'asc'],
        ['parameters.fcnt', 'desc'],
      ]),
    ).toEqual([
      ['risk', 1],
      ['parameters.fcnt', -1],
      ['_id', 1],
    ]);
    expect(toMongoSort()).toEqual([['_id', 1]]);
  });

  it('sorts on id through _id and never adds a second _id key', () => {
    expect(
      toMongoSort([
        ['id', 'desc'],
        ['code', 'asc'],
      ]),
    ).toEqual([
      ['_id', -1],
      ['code', 1],
    ]);
  });

  it('drops a repeated field, which could not change the order', () => {
    expect(
      toMongoSort([
        ['code', 'asc'],
        ['code', 'desc'],
      ]),
    ).toEqual([
      ['code', 1],
      ['_id', 1],
    ]);
  });

  it('rejects bad directions and bad paths', () => {
    expect(() => toMongoSort([['a', 'up' as never]])).toThrow('Invalid sort direction');
    expect(() => toMongoSort([['risk; DROP TABLE rs_alerts', 'asc']])).toThrow('Invalid field path');
  });
});

describe('names, paging and small helpers', () => {
  it('prefixes collections with rs_, so that none can be the checkpoints collection', () => {
    expect(mongoCollectionName('alerts')).toBe('rs_alerts');
    expect(mongoCollectionName('read_checkpoints')).not.toBe(CHECKPOINTS_COLLECTION);
    expect(() => mongoCollectionName('alerts; drop')).toThrow('Invalid collection name');
    expect(() => mongoCollectionName('system.profile')).toThrow('Invalid collection name');
    expect(() => mongoCollectionName('')).toThrow('Invalid collection name');
  });

  it('maps only the exact path id to _id', () => {
    expect(mongoPath('id')).toBe('_id');
    expect(mongoPath('ids')).toBe('ids');
    expect(mongoPath('a.id')).toBe('a.id');
  });

  it('accepts non-negative integers for skip and limit', () => {
    expect(pagingNumber(undefined, 'skip')).toBeUndefined();
    expect(pagingNumber(0, 'limit')).toBe(0);
    expect(pagingNumber(20, 'limit')).toBe(20);
    expect(() => pagingNumber(-1, 'skip')).toThrow('skip must be a non-negative integer');
    expect(() => pagingNumber(1.5, 'limit')).toThrow('limit must be a non-negative integer');
  });

  it('ANDs filters, leaving out empty ones', () => {
    expect(andFilters({}, {})).toEqual({});
    expect(andFilters({ a: 1 }, {})).toEqual({ a: 1 });
    expect(andFilters({ a: 1 }, { b: 2 })).toEqual({ $and: [{ a: 1 }, { b: 2 }] });
  });

  it('takes the database from the URL path, else the fallback', () => {
    expect(databaseNameOf('mongodb://mongo:27017/lorawatch?replicaSet=rs0', 'x')).toBe('lorawatch');
    expect(databaseNameOf('mongodb+srv://u:p@cluster.example.net/readmodels', 'x')).toBe('readmodels');
    expect(databaseNameOf('mongodb://a:1,b:2/', 'fallback')).toBe('fallback');
    expect(databaseNameOf('mongodb://a:1,b:2/?replicaSet=rs0', 'fallback')).toBe('fallback');
    expect(databaseNameOf('mongodb://localhost:27017', 'fallback')).toBe('fallback');
  });
});

describe('seekFilter', () => {
  it('is past the first key field, or equal to it and past the next, down to the id', () => {
    expect(seekFilter([['createdAt', 'desc']], ['2024-05-01T10:00:00.000Z', 'a7'])).toEqual({
      $or: [
        { $or: [{ createdAt: { $lt: '2024-05-01T10:00:00.000Z' } }, { createdAt: { $eq: null } }] },
        { $and: [{ createdAt: { $eq: '2024-05-01T10:00:00.000Z' } }, { _id: { $gt: 'a7' } }] },
      ],
    });
  });

  it('puts null first ascending and last descending, as the sort does', () => {
    expect(seekFilter([['devEui', 'asc']], [null, 'a2'])).toEqual({
      $or: [{ devEui: { $ne: null } }, { $and: [{ devEui: { $eq: null } }, { _id: { $gt: 'a2' } }] }],
    });
    expect(seekFilter([['devEui', 'desc']], [null, 'a2'])).toEqual({
      $or: [{ devEui: { $in: [] } }, { $and: [{ devEui: { $eq: null } }, { _id: { $gt: 'a2' } }] }],
    });
    expect(seekFilter([['id', 'desc']], ['a2'])).toEqual({
      $or: [{ _id: { $lt: 'a2' } }, { _id: { $eq: null } }],
    });
  });
});
