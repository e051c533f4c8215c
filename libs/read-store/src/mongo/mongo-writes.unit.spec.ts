import type { Doc, WriteOp } from '../read-store.port';
import {
  checkpointUpdate,
  collectionsToReset,
  duplicateKeyIndex,
  incUpdate,
  indexDescriptions,
  patchUpdate,
  portDoc,
  resetMarker,
  storedDoc,
  writeModel,
  writeRuns,
} from './mongo-writes';

describe('indexDescriptions', () => {
  it('declares each index with its keys in order, a stable name, and unique where asked', () => {
    expect(
      indexDescriptions({
        name: 'alerts',
        indexes: [
          { fields: ['code', 'createdAt'] },
          { fields: ['parameters.dev_eui'] },
          { fields: ['email'], unique: true },
        ],
      }),
    ).toEqual([
      { key: { code: 1, createdAt: 1 }, name: 'code_1_createdAt_1' },
      { key: { 'parameters.dev_eui': 1 }, name: 'parameters.dev_eui_1' },
      { key: { email: 1 }, name: 'email_1_unique', unique: true },
    ]);
  });

  it('puts included fields after the key fields and the id, so the index covers queries on them', () => {
    expect(
      indexDescriptions({
        name: 'alerts',
        indexes: [{ fields: ['organizationId', 'createdAt'], include: ['show', 'code'] }],
      }),
    ).toEqual([
      {
        key: { organizationId: 1, createdAt: 1, _id: 1, show: 1, code: 1 },
        name: 'organizationId_1_createdAt_1_with_show_1_code_1',
      },
    ]);
    expect(() =>
      indexDescriptions({ name: 'x', indexes: [{ fields: ['a'], unique: true, include: ['b'] }] }),
    ).toThrow('cannot include');
  });

  it('keeps the key order of compound indexes', () => {
    const [index] = indexDescriptions({ name: 'x', indexes: [{ fields: ['b', 'a', 'c.d'] }] });
    expect(Object.keys(index.key)).toEqual(['b', 'a', 'c.d']);
  });

  it('leaves out an index on id alone, which _id already is, and uses _id inside compound ones', () => {
    expect(
      indexDescriptions({
        name: 'users',
        indexes: [{ fields: ['id'], unique: true }, { fields: ['organizationId', 'id'] }],
      }),
    ).toEqual([{ key: { organizationId: 1, _id: 1 }, name: 'organizationId_1_id_1' }]);
    expect(indexDescriptions({ name: 'plain' })).toEqual([]);
  });

  it('rejects indexes without fields, with a repeated field or a bad path, and bad collection names', () => {
    expect(() => indexDescriptions({ name: 'x', indexes: [{ fields: [] }] })).toThrow('has no fields');
    expect(() => indexDescriptions({ name: 'x', indexes: [{ fields: ['a', 'a'] }] })).toThrow('repeats');
    expect(() => indexDescriptions({ name: 'x', indexes: [{ fields: ['a b'] }] })).toThrow(
      'Invalid field path',
    );
    expect(() => indexDescriptions({ name: 'x.y' })).toThrow('Invalid collection name');
  });
});

describe('writeModel', () => {
  it('replaces the whole document on upsert, keyed by _id, stored as JSON would keep it', () => {
    const doc = {
      id: 'a1',
      when: new Date('2024-05-01T10:15:00.000Z'),
      gone: undefined,
      nested: { keep: 1, drop: undefined },
    } as Doc;
    expect(writeModel({ op: 'upsert', collection: 'alerts', doc })).toEqual({
      replaceOne: {
        filter: { _id: 'a1' },
        replacement: { id: 'a1', when: '2024-05-01T10:15:00.000Z', nested: { keep: 1 } },
        upsert: true,
      },
    });
  });

  it('rejects documents without a string id, or with an _id of their own', () => {
    expect(() => writeModel({ op: 'upsert', collection: 'alerts', doc: { id: '' } })).toThrow(
      'needs a string id',
    );
    expect(() => writeModel({ op: 'upsert', collection: 'alerts', doc: { id: 3 } as never })).toThrow(
      'needs a string id',
    );
    expect(() =>
      writeModel({ op: 'upsert', collection: 'alerts', doc: { id: 'a', _id: 'b' } as Doc }),
    ).toThrow('may not carry an _id');
  });

  it('patches with $set on dotted paths, never upserting, never changing id; undefined unsets', () => {
    expect(
      writeModel({
        op: 'patch',
        collection: 'alerts',
        id: 'a1',
        set: { resolved: true, 'parameters.extra.deep': 'x', id: 'other', note: undefined },
      }),
    ).toEqual({
      updateOne: {
        filter: { _id: 'a1' },
        update: { $set: { resolved: true, 'parameters.extra.deep': 'x' }, $unset: { note: '' } },
      },
    });
  });

  it('increments with an upsert that sets id and setOnInsert on creation only', () => {
    expect(
      writeModel({
        op: 'inc',
        collection: 'counters',
        id: 'c1',
        inc: { total: 1, 'by.up': -2 },
        setOnInsert: { code: 'LAF-001', id: 'ignored', skipped: undefined },
      }),
    ).toEqual({
      updateOne: {
        filter: { _id: 'c1' },
        update: { $inc: { total: 1, 'by.up': -2 }, $setOnInsert: { id: 'c1', code: 'LAF-001' } },
        upsert: true,
      },
    });
  });

  it('deletes by _id', () => {
    expect(writeModel({ op: 'delete', collection: 'alerts', id: 'a2' })).toEqual({
      deleteOne: { filter: { _id: 'a2' } },
    });
  });

  it('rejects unknown writes', () => {
    expect(() => writeModel({ op: 'drop', collection: 'alerts' } as never)).toThrow('Unknown write drop');
  });
});

describe('patchUpdate and incUpdate', () => {
  it('answers null for a patch that changes nothing', () => {
    expect(patchUpdate({})).toBeNull();
    expect(patchUpdate({ id: 'x' })).toBeNull();
  });

  it('rejects bad paths', () => {
    expect(() => patchUpdate({ 'a..b': 1 })).toThrow('Invalid field path');
    expect(() => patchUpdate({ $set: 1 })).toThrow('Invalid field path');
    expect(() => incUpdate('c', { '$inc.x': 1 })).toThrow('Invalid field path');
    expect(() => incUpdate('c', { n: 1 }, { 'a b': 1 })).toThrow('Invalid field path');
  });

  it('creates the document with just its id when there is nothing to increment', () => {
    expect(incUpdate('c1', {})).toEqual({ $setOnInsert: { id: 'c1' } });
  });

  it('rejects increments that are no finite number, or of the id', () => {
    expect(() => incUpdate('c1', { n: Number.NaN })).toThrow('Cannot increment "n"');
    expect(() => incUpdate('c1', { n: '1' as never })).toThrow('Cannot increment "n"');
    expect(() => incUpdate('c1', { id: 1 })).toThrow('Cannot increment the id');
  });

  it.each([
    ['total', 'total'],
    ['by', 'by.up'],
    ['by.up', 'by'],
  ])('refuses setOnInsert %j with inc %j, which Mongo cannot apply together', (setPath, incPath) => {
    expect(() => incUpdate('c1', { [incPath]: 1 }, { [setPath]: 0 })).toThrow('touch the same field');
  });

  it('lets paths that only share a prefix of their names pass', () => {
    expect(incUpdate('c1', { total: 1 }, { totals: 0 })).toEqual({
      $inc: { total: 1 },
      $setOnInsert: { id: 'c1', totals: 0 },
    });
  });
});

describe('writeRuns', () => {
  it('groups consecutive writes of one collection, keeping their order and the id of each', () => {
    const ops: WriteOp[] = [
      { op: 'inc', collection: 'counters', id: 'c1', inc: { total: 1 } },
      { op: 'inc', collection: 'counters', id: 'c1', inc: { total: 2 } },
      { op: 'patch', collection: 'alerts', id: 'a1', set: { note: 'first' } },
      { op: 'patch', collection: 'alerts', id: 'a1', set: { id: 'unchanged' } },
      { op: 'upsert', collection: 'counters', doc: { id: 'c2' } },
      { op: 'delete', collection: 'counters', id: 'c2' },
    ];
    const runs = writeRuns(ops);
    expect(runs.map((run) => [run.collection, run.ids])).toEqual([
      ['counters', ['c1', 'c1']],
      ['alerts', ['a1']],
      ['counters', ['c2', 'c2']],
    ]);
    expect(runs[0].models).toEqual([writeModel(ops[0]), writeModel(ops[1])]);
    expect(runs[2].models.map((model) => Object.keys(model)[0])).toEqual(['replaceOne', 'deleteOne']);
  });

  it('has no run for no writes, and rejects a bad collection name before any write', () => {
    expect(writeRuns([])).toEqual([]);
    expect(() => writeRuns([{ op: 'delete', collection: 'a;b', id: 'x' }])).toThrow(
      'Invalid collection name',
    );
  });
});

describe('documents, checkpoints and errors', () => {
  it('returns stored documents without _id', () => {
    expect(portDoc({ _id: 'a1', id: 'a1', n: 1 })).toEqual({ id: 'a1', n: 1 });
    expect(storedDoc({ id: 'a1' })).toEqual({ id: 'a1' });
  });

  it('upserts the checkpoint position under its name', () => {
    expect(checkpointUpdate({ name: 'alerts-projection', position: 42 })).toEqual({
      filter: { _id: 'alerts-projection' },
      update: { $set: { position: 42 } },
      upsert: true,
    });
    expect(() => checkpointUpdate({ name: '', position: 1 })).toThrow('needs a name');
    expect(() => checkpointUpdate({ name: 'p', position: Number.NaN })).toThrow(
      'Invalid checkpoint position',
    );
  });

  it('matches a fenced checkpoint on the position expected, inserting only a first one', () => {
    expect(checkpointUpdate({ name: 'detectors-p0', position: 10, expected: 0 })).toEqual({
      filter: { _id: 'detectors-p0', position: 0, resetting: { $exists: false } },
      update: { $set: { position: 10 } },
      upsert: true,
    });
    expect(checkpointUpdate({ name: 'detectors-p0', position: 20, expected: 10 })).toEqual({
      filter: { _id: 'detectors-p0', position: 10, resetting: { $exists: false } },
      update: { $set: { position: 20 } },
      upsert: false,
    });
    expect(() => checkpointUpdate({ name: 'p', position: 1, expected: Number.NaN })).toThrow(
      'Invalid expected checkpoint position',
    );
  });

  it('marks a checkpoint under reset with the collections still to empty, which fenced commits do not match', () => {
    expect(resetMarker(['rs_alerts', 'rs_stats', 'rs_alerts'])).toEqual({
      $set: { position: 0 },
      $addToSet: { resetting: { $each: ['rs_alerts', 'rs_stats'] } },
    });
    expect(collectionsToReset({ resetting: ['rs_alerts', 7, 'rs_stats'] })).toEqual([
      'rs_alerts',
      'rs_stats',
    ]);
    expect(collectionsToReset({})).toEqual([]);
    expect(collectionsToReset(null)).toEqual([]);
  });

  it('finds the write that broke a unique index in the driver error', () => {
    expect(duplicateKeyIndex({ code: 11000, writeErrors: [{ code: 11000, index: 2 }] })).toBe(2);
    expect(duplicateKeyIndex({ writeErrors: { code: 11000, index: 1 } })).toBe(1);
    expect(
      duplicateKeyIndex({
        writeErrors: [
          { code: 2, index: 0 },
          { code: 11000, index: 3 },
        ],
      }),
    ).toBe(3);
    expect(duplicateKeyIndex({ code: 11000 })).toBe(0);
  });

  it('answers undefined for any other error', () => {
    expect(duplicateKeyIndex({ code: 14, writeErrors: [{ code: 14, index: 0 }] })).toBeUndefined();
    expect(duplicateKeyIndex(new Error('network'))).toBeUndefined();
    expect(duplicateKeyIndex(null)).toBeUndefined();
    expect(duplicateKeyIndex('E11000')).toBeUndefined();
  });
});
