import {
  CheckpointFencedError,
  DuplicateKeyError,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type Scalar,
  type Sort,
  type WriteOp,
} from '../read-store.port';
import { seekValues } from '../seek';

/** One store under test; every open() is another connection to the same data. */
export interface ReadStoreFixture {
  open(): Promise<ReadStore>;
  /** Closes every connection opened through the fixture and deletes the data. */
  dispose(): Promise<void>;
}

export interface ContractOptions {
  /** Set when the engine is unavailable: the suite is reported as skipped with this reason. */
  skipReason?: string;
}

interface AlertDoc extends Doc {
  code: string;
  risk: string;
  count: number;
  resolved: boolean;
  createdAt: string;
  devEui?: string | null;
  parameters: { dev_eui?: string; fcnt?: number };
  flag?: boolean | number;
  note?: string;
}

const ALERTS: AlertDoc[] = [
  {
    id: 'a1',
    code: 'LAF-001',
    risk: 'HIGH',
    count: 5,
    resolved: false,
    createdAt: '2024-05-01T10:15:00.000Z',
    devEui: 'd1',
    parameters: { dev_eui: 'd1', fcnt: 10 },
    flag: true,
  },
  {
    id: 'a2',
    code: 'LAF-002',
    risk: 'LOW',
    count: 1,
    resolved: true,
    createdAt: '2024-05-01T10:45:00.000Z',
    devEui: null,
    parameters: { fcnt: 3 },
    flag: 1,
  },
  {
    id: 'a3',
    code: 'LAF-001',
    risk: 'MEDIUM',
    count: 12,
    resolved: false,
    createdAt: '2024-05-01T12:05:00.000Z',
    devEui: 'd2',
    parameters: { dev_eui: 'd2' },
    note: 'checked',
  },
  {
    id: 'a4',
    code: 'LAF-003',
    risk: 'HIGH',
    count: 0,
    resolved: true,
    createdAt: '2024-05-02T01:00:00.000Z',
    parameters: {},
    flag: false,
  },
  {
    id: 'a5',
    code: 'LAF-001',
    risk: 'LOW',
    count: 2.5,
    resolved: false,
    createdAt: '2024-05-02T01:30:00.000Z',
    devEui: 'd1',
    parameters: { dev_eui: 'd1', fcnt: 11 },
  },
];

const ALERTS_SPEC = {
  name: 'alerts',
  indexes: [{ fields: ['code', 'createdAt'] }, { fields: ['parameters.dev_eui'] }, { fields: ['resolved'] }],
};

/** The behaviour every ReadStore adapter must have (MongoDB semantics). */
export function readStoreContract(
  name: string,
  createFixture: () => Promise<ReadStoreFixture>,
  options: ContractOptions = {},
): void {
  const describeOrSkip = options.skipReason ? describe.skip : describe;
  // Straight to stdout: jest keeps the console output of a suite whose tests are all skipped to itself.
  if (options.skipReason) process.stdout.write(`skipped: ${name}: ${options.skipReason}\n`);
  const title = options.skipReason ? `${name} (skipped: ${options.skipReason})` : name;

  describeOrSkip(`ReadStore contract: ${title}`, () => {
    let fixture: ReadStoreFixture;
    let store: ReadStore;
    let alerts: Collection<AlertDoc>;

    const idsOf = async (filter: Filter): Promise<string[]> =>
      (await alerts.find(filter, { sort: [['id', 'asc']] })).map((doc) => doc.id);

    beforeEach(async () => {
      fixture = await createFixture();
      store = await fixture.open();
      alerts = store.collection<AlertDoc>(ALERTS_SPEC);
      await store.commit(ALERTS.map((doc) => ({ op: 'upsert', collection: 'alerts', doc })));
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    describe('documents', () => {
      it('gets, replaces and deletes a document by id', async () => {
        expect(await alerts.get('a3')).toEqual(ALERTS[2]);
        expect(await alerts.get('missing')).toBeNull();

        await alerts.upsert({ ...ALERTS[0], risk: 'LOW', note: 'replaced' });
        await alerts.upsert({
          id: 'a6',
          code: 'X',
          risk: 'LOW',
          count: 0,
          resolved: false,
          createdAt: '',
          parameters: {},
        });
        expect(await alerts.get('a1')).toMatchObject({ risk: 'LOW', note: 'replaced' });
        expect(await alerts.count()).toBe(6);

        await alerts.delete('a1');
        await alerts.delete('not-there');
        expect(await alerts.get('a1')).toBeNull();
        expect(await alerts.count()).toBe(5);
      });

      it('patches fields, nested ones included, keeping the others; a missing document stays missing', async () => {
        await alerts.patch('a1', { resolved: true, 'parameters.fcnt': 11, 'parameters.extra.deep': 'x' });
        expect(await alerts.get('a1')).toEqual({
          ...ALERTS[0],
          resolved: true,
          parameters: { dev_eui: 'd1', fcnt: 11, extra: { deep: 'x' } },
        });

        await alerts.patch('ghost', { resolved: true });
        expect(await alerts.get('ghost')).toBeNull();
      });

      it('declares a collection again without losing data', async () => {
        const again = store.collection<AlertDoc>(ALERTS_SPEC);
        expect(await again.count()).toBe(5);
      });

      it('rejects a document that breaks a unique index', async () => {
        const users = store.collection<{ id: string; email: string }>({
          name: 'users',
          indexes: [{ fields: ['email'], unique: true }],
        });
        await users.upsert({ id: 'u1', email: 'a@example.com' });
        await expect(users.upsert({ id: 'u2', email: 'a@example.com' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await users.upsert({ id: 'u1', email: 'b@example.com' });
        await users.upsert({ id: 'u2', email: 'a@example.com' });
        expect(await users.count()).toBe(2);
      });
      it('keeps enforcing a unique index when the collection is declared again, after a reset too', async () => {
        const spec = { name: 'users', indexes: [{ fields: ['email'], unique: true }] };
        await store
          .collection<{ id: string; email: string }>(spec)
          .upsert({ id: 'u1', email: 'a@example.com' });
        await store.reset(['users'], 'users-projection');
        const users = store.collection<{ id: string; email: string }>(spec);
        await users.upsert({ id: 'u1', email: 'a@example.com' });
        await expect(users.upsert({ id: 'u2', email: 'a@example.com' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
      });
    });

    describe('filters', () => {
      it('matches equality, bare or with $eq', async () => {
        expect(await idsOf({ code: 'LAF-001' })).toEqual(['a1', 'a3', 'a5']);
        expect(await idsOf({ code: { $eq: 'LAF-002' } })).toEqual(['a2']);
        expect(await idsOf({ code: 'LAF-001', risk: 'LOW' })).toEqual(['a5']);
        expect(await idsOf({ count: 2.5 })).toEqual(['a5']);
        expect(await idsOf({ id: 'a4' })).toEqual(['a4']);
      });

      it('matches $ne, including documents without the field', async () => {
        expect(await idsOf({ risk: { $ne: 'HIGH' } })).toEqual(['a2', 'a3', 'a5']);
        expect(await idsOf({ devEui: { $ne: 'd1' } })).toEqual(['a2', 'a3', 'a4']);
      });

      it('matches $in and $nin', async () => {
        expect(await idsOf({ risk: { $in: ['HIGH', 'MEDIUM'] } })).toEqual(['a1', 'a3', 'a4']);
        expect(await idsOf({ risk: { $nin: ['HIGH', 'MEDIUM'] } })).toEqual(['a2', 'a5']);
        expect(await idsOf({ devEui: { $in: ['d2', null] } })).toEqual(['a2', 'a3', 'a4']);
        expect(await idsOf({ count: { $in: [0, 12] } })).toEqual(['a3', 'a4']);
        expect(await idsOf({ risk: { $in: [] } })).toEqual([]);
        expect(await idsOf({ risk: { $nin: [] } })).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
      });

      it('compares numbers and ISO strings with $gt, $gte, $lt and $lte', async () => {
        expect(await idsOf({ count: { $gt: 2.5 } })).toEqual(['a1', 'a3']);
        expect(await idsOf({ count: { $gte: 2.5, $lt: 12 } })).toEqual(['a1', 'a5']);
        expect(await idsOf({ count: { $lte: 1 } })).toEqual(['a2', 'a4']);
        expect(
          await idsOf({ createdAt: { $gte: '2024-05-01T10:30:00.000Z', $lt: '2024-05-02T00:00:00.000Z' } }),
        ).toEqual(['a2', 'a3']);
      });

      it('compares only values of the same type', async () => {
        expect(await idsOf({ code: { $gt: 5 } })).toEqual([]);
        expect(await idsOf({ count: { $gt: 'A' } })).toEqual([]);
        expect(await idsOf({ count: '5' })).toEqual([]);
      });

      it('treats booleans as booleans, never as 1 or 0', async () => {
        expect(await idsOf({ resolved: true })).toEqual(['a2', 'a4']);
        expect(await idsOf({ resolved: false })).toEqual(['a1', 'a3', 'a5']);
        expect(await idsOf({ resolved: { $ne: true } })).toEqual(['a1', 'a3', 'a5']);
        expect(await idsOf({ flag: true })).toEqual(['a1']);
        expect(await idsOf({ flag: 1 })).toEqual(['a2']);
        expect(await idsOf({ flag: false })).toEqual(['a4']);
        expect(await idsOf({ flag: { $in: [true, 1] } })).toEqual(['a1', 'a2']);
      });

      it('treats a missing field as null, and $exists as present and not null', async () => {
        expect(await idsOf({ devEui: null })).toEqual(['a2', 'a4']);
        expect(await idsOf({ devEui: { $ne: null } })).toEqual(['a1', 'a3', 'a5']);
        expect(await idsOf({ devEui: { $exists: false } })).toEqual(['a2', 'a4']);
        expect(await idsOf({ devEui: { $exists: true } })).toEqual(['a1', 'a3', 'a5']);
        expect(await idsOf({ note: { $exists: true } })).toEqual(['a3']);
        expect(await idsOf({ 'parameters.fcnt': { $exists: false } })).toEqual(['a3', 'a4']);
      });

      it('follows dotted paths into nested documents', async () => {
        expect(await idsOf({ 'parameters.dev_eui': 'd1' })).toEqual(['a1', 'a5']);
        expect(await idsOf({ 'parameters.fcnt': { $gte: 10 } })).toEqual(['a1', 'a5']);
        expect(await idsOf({ 'parameters.missing.deeper': null })).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
      });

      it('combines $or branches, and ANDs them with the other fields', async () => {
        expect(await idsOf({ $or: [{ risk: 'HIGH' }, { count: { $gte: 12 } }] })).toEqual(['a1', 'a3', 'a4']);
        expect(await idsOf({ resolved: false, $or: [{ risk: 'HIGH' }, { 'parameters.fcnt': 11 }] })).toEqual([
          'a1',
          'a5',
        ]);
        expect(await idsOf({ $or: [{ $or: [{ id: 'a1' }] }, { code: 'LAF-003', resolved: true }] })).toEqual([
          'a1',
          'a4',
        ]);
      });

      it('rejects field paths that are not plain identifiers, and unknown operators', async () => {
        await expect(alerts.find({ "code') OR 1=1 --": 'x' })).rejects.toThrow();
        await expect(alerts.find({}, { sort: [['risk; DROP TABLE rs_alerts', 'asc']] })).rejects.toThrow();
        await expect(alerts.count({ risk: { $regex: 'H' } as unknown as Filter['risk'] })).rejects.toThrow();
        expect(await alerts.count()).toBe(5);
      });

      it('binds values, so quotes in values are just text', async () => {
        expect(await idsOf({ code: "LAF-001' OR '1'='1" })).toEqual([]);
      });
    });

    describe('sort, paging and counts', () => {
      it('sorts by several fields, then skips and limits', async () => {
        const sorted = await alerts.find(
          {},
          {
            sort: [
              ['risk', 'asc'],
              ['count', 'desc'],
            ],
          },
        );
        expect(sorted.map((doc) => doc.id)).toEqual(['a1', 'a4', 'a5', 'a2', 'a3']);

        const page = await alerts.find({}, { sort: [['createdAt', 'desc']], skip: 1, limit: 2 });
        expect(page.map((doc) => doc.id)).toEqual(['a4', 'a3']);
        expect(
          (await alerts.find({}, { sort: [['createdAt', 'asc']], skip: 4 })).map((doc) => doc.id),
        ).toEqual(['a5']);
        expect(
          (await alerts.find({ code: 'LAF-001' }, { sort: [['parameters.fcnt', 'desc']], limit: 1 }))[0].id,
        ).toBe('a5');
      });

      it('counts with and without a filter', async () => {
        expect(await alerts.count()).toBe(5);
        expect(await alerts.count({ risk: 'HIGH' })).toBe(2);
        expect(await alerts.count({ risk: 'NONE' })).toBe(0);
      });

      it('counts by field value, most frequent first, missing values as null', async () => {
        expect(await alerts.countBy('code')).toEqual([
          { value: 'LAF-001', count: 3 },
          { value: 'LAF-002', count: 1 },
          { value: 'LAF-003', count: 1 },
        ]);
        expect(await alerts.countBy('risk', { resolved: false })).toEqual([
          { value: 'HIGH', count: 1 },
          { value: 'LOW', count: 1 },
          { value: 'MEDIUM', count: 1 },
        ]);
        expect(await alerts.countBy('resolved')).toEqual([
          { value: false, count: 3 },
          { value: true, count: 2 },
        ]);
        expect(await alerts.countBy('devEui')).toEqual(
          expect.arrayContaining([
            { value: 'd1', count: 2 },
            { value: null, count: 2 },
            { value: 'd2', count: 1 },
          ]),
        );
        expect((await alerts.countBy('devEui'))[2]).toEqual({ value: 'd2', count: 1 });
      });

      it('sums a field by groups of fields, and in all when no group is given', async () => {
        const stats = store.collection<{ id: string; code: string; resolved: boolean; n: number }>({
          name: 'sum_stats',
        });
        await stats.upsert({ id: 's1', code: 'LAF-001', resolved: false, n: 2 });
        await stats.upsert({ id: 's2', code: 'LAF-001', resolved: true, n: 3 });
        await stats.upsert({ id: 's3', code: 'LAF-002', resolved: false, n: 5 });
        await stats.upsert({ id: 's4', code: 'LAF-001', resolved: false, n: 7 });
        const byCode = await stats.sumBy(['code'], 'n');
        expect([...byCode].sort((a, b) => String(a.values[0]).localeCompare(String(b.values[0])))).toEqual([
          { values: ['LAF-001'], sum: 12 },
          { values: ['LAF-002'], sum: 5 },
        ]);
        const byCodeAndResolved = await stats.sumBy(['code', 'resolved'], 'n', { code: 'LAF-001' });
        expect(byCodeAndResolved).toEqual(
          expect.arrayContaining([
            { values: ['LAF-001', false], sum: 9 },
            { values: ['LAF-001', true], sum: 3 },
          ]),
        );
        expect(byCodeAndResolved).toHaveLength(2);
        expect(await stats.sumBy([], 'n', { resolved: false })).toEqual([{ values: [], sum: 14 }]);
        expect(await stats.sumBy([], 'n', { code: 'LAF-404' })).toEqual([]);
      });

      it('counts by hour and by day of an ISO-8601 field, oldest bucket first', async () => {
        expect(await alerts.countByTime('createdAt', 'hour')).toEqual([
          { bucket: '2024-05-01T10:00:00.000Z', count: 2 },
          { bucket: '2024-05-01T12:00:00.000Z', count: 1 },
          { bucket: '2024-05-02T01:00:00.000Z', count: 2 },
        ]);
        expect(await alerts.countByTime('createdAt', 'day')).toEqual([
          { bucket: '2024-05-01', count: 3 },
          { bucket: '2024-05-02', count: 2 },
        ]);
        expect(await alerts.countByTime('createdAt', 'day', { code: 'LAF-001' })).toEqual([
          { bucket: '2024-05-01', count: 2 },
          { bucket: '2024-05-02', count: 1 },
        ]);
      });
    });

    describe('keyset paging', () => {
      /** Every page of `size` after the one before, by `after`, until an empty page. */
      const walk = async (filter: Filter, sort: Sort, size: number): Promise<string[]> => {
        const seen: string[] = [];
        let after: Scalar[] | undefined;
        for (let pages = 0; pages < 20; pages++) {
          const page = await alerts.find(filter, { sort, limit: size, ...(after ? { after } : {}) });
          if (page.length === 0) return seen;
          seen.push(...page.map((doc) => doc.id));
          after = seekValues(page[page.length - 1], sort);
        }
        throw new Error('keyset pages never ended');
      };
      const SORTS: Sort[] = [
        [['createdAt', 'desc']],
        [
          ['code', 'asc'],
          ['createdAt', 'desc'],
        ],
        [
          ['risk', 'desc'],
          ['count', 'asc'],
        ],
        [['devEui', 'asc']],
        [['devEui', 'desc']],
        [['id', 'desc']],
        [],
      ];

      it('walks the same documents in the same order as skip and limit, whatever the sort and the nulls', async () => {
        await alerts.upsert({ ...ALERTS[0], id: 'a6', devEui: null, createdAt: ALERTS[0].createdAt });
        for (const sort of SORTS) {
          const all = (await alerts.find({}, { sort })).map((doc) => doc.id);
          for (const size of [1, 2, 4])
            expect([sort, size, await walk({}, sort, size)]).toEqual([sort, size, all]);
          const filtered = (await alerts.find({ resolved: false }, { sort })).map((doc) => doc.id);
          expect(await walk({ resolved: false }, sort, 2)).toEqual(filtered);
        }
      });

      it('seeks past a key of no stored document, skips after the key, and checks the key', async () => {
        const sort: Sort = [['createdAt', 'asc']];
        const ids = async (options: FindOptions) =>
          (await alerts.find({}, { sort, ...options })).map((d) => d.id);
        expect(await ids({ after: ['2024-05-01T11:00:00.000Z', ''] })).toEqual(['a3', 'a4', 'a5']);
        expect(await ids({ after: ['2024-05-01T10:15:00.000Z', 'a1'], skip: 1, limit: 2 })).toEqual([
          'a3',
          'a4',
        ]);
        expect(await ids({ after: ['2024-05-02T01:30:00.000Z', 'a5'] })).toEqual([]);
        const nulls: Sort = [['devEui', 'asc']];
        const first = await alerts.find({}, { sort: nulls, skip: 2, limit: 1 });
        expect(
          (await alerts.find({}, { sort: nulls, after: seekValues(first[0], nulls), skip: 1 })).map(
            (d) => d.id,
          ),
        ).toEqual((await alerts.find({}, { sort: nulls, skip: 4 })).map((d) => d.id));
        await expect(alerts.find({}, { sort, after: ['2024-05-01T10:15:00.000Z'] })).rejects.toThrow(
          'after needs 2 values',
        );
        await expect(alerts.find({}, { sort, after: ['x', 3] })).rejects.toThrow('document id');
      });

      it('answers the same through an index that includes fields', async () => {
        const covered = store.collection<AlertDoc>({
          name: 'alerts',
          indexes: [{ fields: ['code', 'createdAt'], include: ['risk', 'resolved', 'count'] }],
        });
        const sort: Sort = [['createdAt', 'desc']];
        const filter: Filter = { code: 'LAF-001', resolved: { $ne: true } };
        expect((await covered.find(filter, { sort })).map((doc) => doc.id)).toEqual(['a5', 'a3', 'a1']);
        expect(await covered.countBy('risk', { code: 'LAF-001' })).toEqual(
          expect.arrayContaining([
            { value: 'LOW', count: 1 },
            { value: 'HIGH', count: 1 },
            { value: 'MEDIUM', count: 1 },
          ]),
        );
        expect(await covered.sumBy(['code'], 'count', { code: { $in: ['LAF-001', 'LAF-003'] } })).toEqual(
          expect.arrayContaining([
            { values: ['LAF-001'], sum: 19.5 },
            { values: ['LAF-003'], sum: 0 },
          ]),
        );
      });
    });

    describe('commit', () => {
      it('applies every write and the checkpoint together', async () => {
        expect(await store.checkpoint('alerts-projection')).toBe(0);
        await store.commit(
          [
            { op: 'patch', collection: 'alerts', id: 'a1', set: { resolved: true } },
            { op: 'delete', collection: 'alerts', id: 'a2' },
            { op: 'inc', collection: 'stats', id: 'LAF-001', inc: { total: 1 } },
          ],
          { name: 'alerts-projection', position: 42 },
        );

        expect(await store.checkpoint('alerts-projection')).toBe(42);
        expect((await alerts.get('a1'))?.resolved).toBe(true);
        expect(await alerts.get('a2')).toBeNull();
        expect(
          await store.collection<{ id: string; total: number }>({ name: 'stats' }).get('LAF-001'),
        ).toEqual({
          id: 'LAF-001',
          total: 1,
        });
      });

      it('writes nothing and keeps the checkpoint when one op fails', async () => {
        await store.commit([], { name: 'p', position: 7 });
        const failing = store.commit(
          [
            { op: 'upsert', collection: 'alerts', doc: { ...ALERTS[0], id: 'a9' } },
            { op: 'delete', collection: 'alerts', id: 'a1' },
            { op: 'inc', collection: 'alerts', id: 'a3', inc: { code: 1 } },
          ],
          { name: 'p', position: 8 },
        );

        await expect(failing).rejects.toThrow();
        expect(await store.checkpoint('p')).toBe(7);
        expect(await alerts.get('a9')).toBeNull();
        expect(await alerts.get('a1')).not.toBeNull();
        expect(await alerts.count()).toBe(5);
      });

      it('applies the writes of one commit in order, each on the result of the ones before', async () => {
        // A projection's batch puts the writes of many events in one commit, several on the same document.
        const counters = store.collection<{ id: string; total: number; label?: string }>({
          name: 'counters',
        });
        const replaced: Doc & { total: number } = { id: 'c2', total: 10 };
        await store.commit(
          [
            { op: 'inc', collection: 'counters', id: 'c1', inc: { total: 1 } },
            { op: 'inc', collection: 'counters', id: 'c1', inc: { total: 2 } },
            { op: 'patch', collection: 'counters', id: 'c1', set: { label: 'three' } },
            { op: 'upsert', collection: 'counters', doc: replaced },
            { op: 'delete', collection: 'counters', id: 'c2' },
            { op: 'inc', collection: 'counters', id: 'c2', inc: { total: 1 } },
            { op: 'patch', collection: 'alerts', id: 'a1', set: { note: 'first' } },
            { op: 'patch', collection: 'alerts', id: 'a1', set: { resolved: true } },
          ],
          { name: 'batched', position: 99 },
        );
        expect(await counters.get('c1')).toEqual({ id: 'c1', total: 3, label: 'three' });
        expect(await counters.get('c2')).toEqual({ id: 'c2', total: 1 });
        expect(await alerts.get('a1')).toEqual({ ...ALERTS[0], note: 'first', resolved: true });
        expect(await store.checkpoint('batched')).toBe(99);
      });

      it('increments fields, creating the document with setOnInsert when absent', async () => {
        const counters = store.collection<{ id: string; code: string; total: number; by: { up: number } }>({
          name: 'counters',
        });
        const inc = {
          op: 'inc' as const,
          collection: 'counters',
          id: 'c1',
          setOnInsert: { code: 'LAF-001' },
        };

        await store.commit([{ ...inc, inc: { total: 1, 'by.up': 2 } }]);
        expect(await counters.get('c1')).toEqual({ id: 'c1', code: 'LAF-001', total: 1, by: { up: 2 } });

        await store.commit([{ ...inc, inc: { total: 2, 'by.up': -1 }, setOnInsert: { code: 'IGNORED' } }]);
        expect(await counters.get('c1')).toEqual({ id: 'c1', code: 'LAF-001', total: 3, by: { up: 1 } });
      });

      it('keeps documents and checkpoints when the store is opened again', async () => {
        await store.commit([{ op: 'patch', collection: 'alerts', id: 'a1', set: { note: 'kept' } }], {
          name: 'p',
          position: 5,
        });
        await store.close();

        const reopened = await fixture.open();
        const again = reopened.collection<AlertDoc>(ALERTS_SPEC);
        expect(await reopened.checkpoint('p')).toBe(5);
        expect((await again.get('a1'))?.note).toBe('kept');
        expect(await again.count()).toBe(5);
      });

      it('resets the listed collections and the checkpoint, nothing else', async () => {
        const other = store.collection<{ id: string }>({ name: 'other' });
        await store.commit([{ op: 'upsert', collection: 'other', doc: { id: 'o1' } }], {
          name: 'p',
          position: 3,
        });
        await store.commit([], { name: 'q', position: 9 });

        await store.reset(['alerts'], 'p');

        expect(await alerts.count()).toBe(0);
        expect(await other.count()).toBe(1);
        expect(await store.checkpoint('p')).toBe(0);
        expect(await store.checkpoint('q')).toBe(9);
      });
    });

    describe('fenced checkpoints', () => {
      /** Writes of every kind, on documents that exist and documents that do not. */
      const batchOps = (tag: string): WriteOp[] => [
        { op: 'upsert', collection: 'alerts', doc: { ...ALERTS[0], id: `${tag}-new` } },
        { op: 'patch', collection: 'alerts', id: 'a1', set: { note: tag } },
        { op: 'delete', collection: 'alerts', id: 'a2' },
        { op: 'inc', collection: 'stats', id: 'total', inc: { n: 1 } },
      ];
      const stats = (): Collection<Doc & { n: number }> => store.collection({ name: 'stats' });

      it('commits a first checkpoint expected at 0, with its writes', async () => {
        expect(await store.checkpoint('detectors-p0')).toBe(0);
        await store.commit(batchOps('first'), { name: 'detectors-p0', position: 10, expected: 0 });

        expect(await store.checkpoint('detectors-p0')).toBe(10);
        expect(await alerts.get('first-new')).not.toBeNull();
        expect((await alerts.get('a1'))?.note).toBe('first');
        expect(await alerts.get('a2')).toBeNull();
        expect(await stats().get('total')).toEqual({ id: 'total', n: 1 });
      });

      it('commits when the stored checkpoint is still the one the committer read', async () => {
        await store.commit([], { name: 'p', position: 10, expected: 0 });
        await store.commit(batchOps('second'), { name: 'p', position: 25, expected: 10 });
        await store.commit([], { name: 'p', position: 30, expected: 25 });

        expect(await store.checkpoint('p')).toBe(30);
        expect((await alerts.get('a1'))?.note).toBe('second');
        expect(await stats().get('total')).toEqual({ id: 'total', n: 1 });
      });

      it('refuses a stale first committer and writes nothing of its commit', async () => {
        // Two consumers read the same absent checkpoint; the other one commits first, through its own connection.
        const other = await fixture.open();
        other.collection<AlertDoc>(ALERTS_SPEC);
        await other.commit([{ op: 'patch', collection: 'alerts', id: 'a3', set: { note: 'other' } }], {
          name: 'p',
          position: 10,
          expected: 0,
        });

        const stale = store.commit(batchOps('stale'), { name: 'p', position: 10, expected: 0 });

        await expect(stale).rejects.toBeInstanceOf(CheckpointFencedError);
        await expect(stale).rejects.toMatchObject({ checkpoint: 'p', expected: 0 });
        expect(await store.checkpoint('p')).toBe(10);
        expect((await alerts.get('a3'))?.note).toBe('other');
        expectUntouched(await alerts.find({}), await stats().get('total'));
      });

      it('refuses a committer whose checkpoint moved on since it read it, and keeps the newer one', async () => {
        await store.commit([], { name: 'p', position: 10, expected: 0 });
        const other = await fixture.open();
        // The other consumer took the partition over from 10 and went further.
        await other.commit([], { name: 'p', position: 20, expected: 10 });
        await other.commit([], { name: 'p', position: 35, expected: 20 });

        // The stalled one resumes with the batch it read at 10.
        await expect(
          store.commit(batchOps('stalled'), { name: 'p', position: 20, expected: 10 }),
        ).rejects.toBeInstanceOf(CheckpointFencedError);
        await expect(store.commit([], { name: 'p', position: 20, expected: 10 })).rejects.toBeInstanceOf(
          CheckpointFencedError,
        );

        expect(await store.checkpoint('p')).toBe(35);
        expectUntouched(await alerts.find({}), await stats().get('total'));
        // Read again from the stored checkpoint, it commits.
        await store.commit([], { name: 'p', position: 40, expected: await store.checkpoint('p') });
        expect(await store.checkpoint('p')).toBe(40);
      });

      it('refuses a committer whose checkpoint was reset since it read it', async () => {
        await store.commit([], { name: 'p', position: 10, expected: 0 });
        await store.reset(['stats'], 'p');

        await expect(
          store.commit(batchOps('reset'), { name: 'p', position: 20, expected: 10 }),
        ).rejects.toBeInstanceOf(CheckpointFencedError);
        expect(await store.checkpoint('p')).toBe(0);
        expectUntouched(await alerts.find({}), await stats().get('total'));
      });

      it('fences each checkpoint on its own and leaves unfenced commits as they were', async () => {
        await store.commit([], { name: 'p', position: 10, expected: 0 });
        await store.commit([], { name: 'q', position: 3, expected: 0 });
        // A commit that does not fence stores its checkpoint whatever it was (a reset to an earlier position).
        await store.commit([], { name: 'p', position: 4 });

        await expect(store.commit([], { name: 'q', position: 5, expected: 4 })).rejects.toBeInstanceOf(
          CheckpointFencedError,
        );
        await store.commit([], { name: 'p', position: 12, expected: 4 });
        expect(await store.checkpoint('p')).toBe(12);
        expect(await store.checkpoint('q')).toBe(3);
      });
    });

    describe('commits fenced on several checkpoints', () => {
      const batchOps = (tag: string): WriteOp[] => [
        { op: 'upsert', collection: 'alerts', doc: { ...ALERTS[0], id: `${tag}-new` } },
        { op: 'patch', collection: 'alerts', id: 'a1', set: { note: tag } },
        { op: 'delete', collection: 'alerts', id: 'a2' },
        { op: 'inc', collection: 'stats', id: 'total', inc: { n: 1 } },
      ];
      const stats = (): Collection<Doc & { n: number }> => store.collection({ name: 'stats' });
      const positions = async (...names: string[]): Promise<number[]> =>
        Promise.all(names.map((name) => store.checkpoint(name)));

      it('stores every mark with the writes when every fenced one holds', async () => {
        await store.commit([], { name: 'p1', position: 10, expected: 0 });
        await store.commit([], { name: 'p2', position: 7, expected: 0 });

        await store.commit(batchOps('all'), [
          { name: 'p1', position: 15, expected: 10 },
          { name: 'p2', position: 9, expected: 7 },
          { name: 'p3', position: 4, expected: 0 },
          { name: 'p4', position: 2 },
        ]);

        expect(await positions('p1', 'p2', 'p3', 'p4')).toEqual([15, 9, 4, 2]);
        expect(await alerts.get('all-new')).not.toBeNull();
        expect((await alerts.get('a1'))?.note).toBe('all');
        expect(await alerts.get('a2')).toBeNull();
        expect(await stats().get('total')).toEqual({ id: 'total', n: 1 });
      });

      it('refuses the whole commit when one fenced mark moved, naming it, and stores none of its marks', async () => {
        await store.commit(
          [],
          [
            { name: 'p1', position: 10, expected: 0 },
            { name: 'p2', position: 20, expected: 0 },
            { name: 'p3', position: 30, expected: 0 },
          ],
        );
        // Another replica took p2 over and went further.
        const other = await fixture.open();
        await other.commit([], { name: 'p2', position: 25, expected: 20 });

        const stale = store.commit(batchOps('stale'), [
          { name: 'p1', position: 11, expected: 10 },
          { name: 'p2', position: 21, expected: 20 },
          { name: 'p3', position: 31, expected: 30 },
          { name: 'p4', position: 5 },
        ]);

        await expect(stale).rejects.toBeInstanceOf(CheckpointFencedError);
        await expect(stale).rejects.toMatchObject({ checkpoint: 'p2', expected: 20 });
        expect(await positions('p1', 'p2', 'p3', 'p4')).toEqual([10, 25, 30, 0]);
        expectUntouched(await alerts.find({}), await stats().get('total'));
      });

      it('refuses the commit whichever of its marks moved, the first or the last', async () => {
        await store.commit(
          [],
          [
            { name: 'p1', position: 10, expected: 0 },
            { name: 'p2', position: 20, expected: 0 },
          ],
        );
        await store.reset([], 'p1');

        await expect(
          store.commit(batchOps('first'), [
            { name: 'p1', position: 10, expected: 10 },
            { name: 'p2', position: 20, expected: 20 },
          ]),
        ).rejects.toMatchObject({ name: 'CheckpointFencedError', checkpoint: 'p1', expected: 10 });
        await expect(
          store.commit(batchOps('last'), [
            { name: 'p2', position: 20, expected: 20 },
            { name: 'p1', position: 11, expected: 12 },
          ]),
        ).rejects.toMatchObject({ name: 'CheckpointFencedError', checkpoint: 'p1', expected: 12 });

        expect(await positions('p1', 'p2')).toEqual([0, 20]);
        expectUntouched(await alerts.find({}), await stats().get('total'));
      });

      it('commits with marks that re-state their position, from a stored one and from 0 with no checkpoint', async () => {
        await store.commit([], { name: 'p1', position: 10, expected: 0 });

        await store.commit(batchOps('restated'), [
          { name: 'p1', position: 10, expected: 10 },
          { name: 'p2', position: 0, expected: 0 },
        ]);

        expect(await positions('p1', 'p2')).toEqual([10, 0]);
        expect((await alerts.get('a1'))?.note).toBe('restated');
        expect(await stats().get('total')).toEqual({ id: 'total', n: 1 });
        // Again, now that p2 may have a stored 0, alone and along with another mark; then both move on.
        await store.commit([{ op: 'inc', collection: 'stats', id: 'total', inc: { n: 1 } }], {
          name: 'p2',
          position: 0,
          expected: 0,
        });
        await store.commit(
          [],
          [
            { name: 'p2', position: 0, expected: 0 },
            { name: 'p1', position: 10, expected: 10 },
          ],
        );
        await store.commit(
          [],
          [
            { name: 'p1', position: 12, expected: 10 },
            { name: 'p2', position: 3, expected: 0 },
          ],
        );
        expect(await positions('p1', 'p2')).toEqual([12, 3]);
        expect(await stats().get('total')).toEqual({ id: 'total', n: 2 });
      });

      it('refuses a mark that re-states a position the checkpoint has moved from', async () => {
        await store.commit(
          [],
          [
            { name: 'p1', position: 10, expected: 0 },
            { name: 'p2', position: 5, expected: 0 },
          ],
        );
        const other = await fixture.open();
        await other.commit([], { name: 'p1', position: 14, expected: 10 });
        // A replica's store at 0 is refused too once another one stored a checkpoint there.
        await other.commit([], { name: 'p3', position: 2, expected: 0 });

        await expect(
          store.commit(batchOps('tick'), [
            { name: 'p2', position: 5, expected: 5 },
            { name: 'p1', position: 10, expected: 10 },
          ]),
        ).rejects.toMatchObject({ name: 'CheckpointFencedError', checkpoint: 'p1', expected: 10 });
        await expect(
          store.commit(batchOps('tick'), [
            { name: 'p2', position: 5, expected: 5 },
            { name: 'p3', position: 0, expected: 0 },
          ]),
        ).rejects.toMatchObject({ name: 'CheckpointFencedError', checkpoint: 'p3', expected: 0 });

        expect(await positions('p1', 'p2', 'p3')).toEqual([14, 5, 2]);
        expectUntouched(await alerts.find({}), await stats().get('total'));
      });

      it('takes one mark in a list as the mark alone, and an empty list as no mark', async () => {
        await store.commit(
          [{ op: 'inc', collection: 'stats', id: 'total', inc: { n: 1 } }],
          [{ name: 'p', position: 10, expected: 0 }],
        );
        await expect(store.commit([], [{ name: 'p', position: 11, expected: 0 }])).rejects.toMatchObject({
          name: 'CheckpointFencedError',
          checkpoint: 'p',
        });
        await store.commit([{ op: 'inc', collection: 'stats', id: 'total', inc: { n: 1 } }], []);

        expect(await store.checkpoint('p')).toBe(10);
        expect(await stats().get('total')).toEqual({ id: 'total', n: 2 });
      });

      it('refuses two marks of one name in a commit, and writes nothing of it', async () => {
        await store.commit([], { name: 'p', position: 10, expected: 0 });

        const twice = store.commit(batchOps('twice'), [
          { name: 'p', position: 11, expected: 10 },
          { name: 'q', position: 1, expected: 0 },
          { name: 'p', position: 12, expected: 11 },
        ]);

        await expect(twice).rejects.toThrow('Checkpoint p is marked twice in one commit');
        await expect(twice).rejects.not.toBeInstanceOf(CheckpointFencedError);
        expect(await positions('p', 'q')).toEqual([10, 0]);
        expectUntouched(await alerts.find({}), await stats().get('total'));
      });
    });
  });
}

/** The alerts as the fixture wrote them, and no counter: nothing of a refused commit was written. */
function expectUntouched(alerts: AlertDoc[], total: Doc | null): void {
  const byId = new Map(alerts.map((doc) => [doc.id, doc]));
  expect([...byId.keys()].sort()).toEqual(ALERTS.map((doc) => doc.id).sort());
  expect(byId.get('a1')?.note).toBeUndefined();
  expect(byId.get('a2')).toEqual(ALERTS[1]);
  expect(total).toBeNull();
}
