import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { readStoreContract, type ReadStoreFixture } from '../testing/read-store.contract';
import { MongoReadStore } from './mongo-read-store';
import { mongodbUnderTest } from './testing/mongodb-under-test';

/** Runs against the MongoDB replica set of MONGODB_URL, else a throwaway one where Docker answers. */
const { skipReason } = mongodbUnderTest;
// A container takes a while to start on first use.
if (!skipReason) jest.setTimeout(180_000);
afterAll(() => mongodbUnderTest.stop());

/** Every fixture works in a database of its own, dropped when it is disposed. */
async function databaseFixture(): Promise<ReadStoreFixture & { database: string }> {
  const serverUrl = await mongodbUnderTest.url();
  const database = `lorawatch_rs_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const stores: MongoReadStore[] = [];
  return {
    database,
    open: async () => {
      const store = await MongoReadStore.connect(serverUrl, { database });
      stores.push(store);
      return store;
    },
    dispose: async () => {
      await Promise.all(stores.map((store) => store.close()));
      const admin = new MongoClient(serverUrl);
      try {
        await admin.db(database).dropDatabase();
      } finally {
        await admin.close();
      }
    },
  };
}

readStoreContract('MongoDB', databaseFixture, { skipReason });

(skipReason ? describe.skip : describe)('MongoReadStore specifics', () => {
  let fixture: ReadStoreFixture & { database: string };
  let store: MongoReadStore;
  let raw: MongoClient;

  beforeEach(async () => {
    fixture = await databaseFixture();
    store = (await fixture.open()) as MongoReadStore;
    raw = new MongoClient(await mongodbUnderTest.url());
  });

  afterEach(async () => {
    await raw.close();
    await fixture.dispose();
  });

  it('creates the declared indexes by name, unique ones as unique', async () => {
    const users = store.collection<{ id: string; email: string; org: string }>({
      name: 'users',
      indexes: [{ fields: ['email'], unique: true }, { fields: ['org', 'id'] }, { fields: ['id'] }],
    });
    expect(await users.count()).toBe(0);

    const indexes = await raw.db(fixture.database).collection('rs_users').listIndexes().toArray();
    expect(indexes.map((index) => [index.name, index.key, index.unique === true]).sort()).toEqual(
      [
        ['_id_', { _id: 1 }, false],
        ['email_1_unique', { email: 1 }, true],
        ['org_1_id_1', { org: 1, _id: 1 }, false],
      ].sort(),
    );
  });

  it('stores documents under their id as _id, and checkpoints in read_checkpoints', async () => {
    await store.commit([{ op: 'upsert', collection: 'checkpoints', doc: { id: 'x' } }], {
      name: 'p',
      position: 1,
    });
    const db = raw.db(fixture.database);
    expect(await db.collection('rs_checkpoints').findOne({})).toEqual({ _id: 'x', id: 'x' });
    expect(await db.collection('read_checkpoints').findOne({})).toEqual({ _id: 'p', position: 1 });
  });

  it('names the document and collection of a duplicate key', async () => {
    const users = store.collection<{ id: string; email: string }>({
      name: 'users',
      indexes: [{ fields: ['email'], unique: true }],
    });
    await users.upsert({ id: 'u1', email: 'a@example.com' });
    const fresh = { id: 'u2', email: 'b@example.com' };
    const taken = { id: 'u3', email: 'a@example.com' };
    await expect(
      store.commit([
        { op: 'upsert', collection: 'users', doc: fresh },
        { op: 'upsert', collection: 'users', doc: taken },
      ]),
    ).rejects.toMatchObject({ name: 'DuplicateKeyError', collection: 'users', id: 'u3' });
    expect(await users.get('u2')).toBeNull();
  });

  it('finishes a reset a crash interrupted when its checkpoint is next read, refusing fenced commits meanwhile', async () => {
    const alerts = store.collection<{ id: string }>({ name: 'alerts' });
    const other = store.collection<{ id: string }>({ name: 'other' });
    await store.commit(
      [
        { op: 'upsert', collection: 'alerts', doc: { id: 'a1' } },
        { op: 'upsert', collection: 'other', doc: { id: 'o1' } },
      ],
      { name: 'p', position: 7 },
    );
    // What a reset leaves when its process dies after marking the checkpoint, before emptying anything.
    await raw
      .db(fixture.database)
      .collection<{ _id: string }>('read_checkpoints')
      .updateOne({ _id: 'p' }, { $set: { position: 0, resetting: ['rs_alerts'] } });

    await expect(
      store.commit([{ op: 'upsert', collection: 'alerts', doc: { id: 'late' } }], {
        name: 'p',
        position: 9,
        expected: 7,
      }),
    ).rejects.toMatchObject({ name: 'CheckpointFencedError' });
    await expect(store.commit([], { name: 'p', position: 9, expected: 0 })).rejects.toMatchObject({
      name: 'CheckpointFencedError',
    });

    expect(await store.checkpoint('p')).toBe(0);
    expect(await alerts.count()).toBe(0);
    expect(await other.count()).toBe(1);
    const checkpoints = raw.db(fixture.database).collection<{ _id: string }>('read_checkpoints');
    expect(await checkpoints.findOne({ _id: 'p' })).toBeNull();
    await store.commit([], { name: 'p', position: 3, expected: 0 });
    expect(await store.checkpoint('p')).toBe(3);
  });

  it('answers no document for a limit of 0, which Mongo would read as no limit', async () => {
    const items = store.collection<{ id: string }>({ name: 'items' });
    await items.upsert({ id: 'i1' });
    expect(await items.find({}, { limit: 0 })).toEqual([]);
  });
});
