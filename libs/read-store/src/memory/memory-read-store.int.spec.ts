import { readStoreContract, type ReadStoreFixture } from '../testing/read-store.contract';
import { MemoryReadData, MemoryReadStore } from './memory-read-store';

/** Every open() is another store on the same data, as connections to one database. */
async function memoryFixture(): Promise<ReadStoreFixture> {
  const data = new MemoryReadData();
  return {
    open: async () => new MemoryReadStore(data),
    dispose: async () => undefined,
  };
}

readStoreContract('in memory', memoryFixture);

describe('MemoryReadStore specifics', () => {
  it('hands out copies: a document read and changed leaves the stored one as it was', async () => {
    const store = new MemoryReadStore();
    const states = store.collection<{ id: string; state: { seen: number[] } }>({ name: 'states' });
    await states.upsert({ id: 's', state: { seen: [1] } });
    const read = await states.get('s');
    read?.state.seen.push(2);
    (await states.find({}))[0].state.seen.push(3);
    expect(await states.get('s')).toEqual({ id: 's', state: { seen: [1] } });
  });

  it('finds by a range of a field among many documents, in order', async () => {
    const store = new MemoryReadStore();
    const watches = store.collection<{ id: string; partition: number; deadline: number }>({
      name: 'watches',
      indexes: [{ fields: ['deadline'] }],
    });
    await store.commit(
      Array.from({ length: 100 }, (_, i) => ({
        op: 'upsert' as const,
        collection: 'watches',
        doc: { id: `w${i}`, partition: i % 2, deadline: 1000 - i },
      })),
    );
    const due = await watches.find(
      { partition: 1, deadline: { $lte: 905 } },
      { sort: [['deadline', 'asc']] },
    );
    expect(due.map((doc) => doc.id)).toEqual(['w99', 'w97', 'w95']);
  });

  it('answers finds by a range of an indexed field as a scan would, while the documents keep changing', async () => {
    const store = new MemoryReadStore();
    const watches = store.collection<{ id: string; partition: number; deadline: number | string | null }>({
      name: 'watches',
      indexes: [{ fields: ['deadline'] }],
    });
    const current = new Map<string, { id: string; partition: number; deadline: number | string | null }>();
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 3000; round++) {
      const id = `w${Math.floor(random() * 200)}`;
      const pick = random();
      if (pick < 0.15) {
        await watches.delete(id);
        current.delete(id);
      } else {
        const deadline = pick < 0.2 ? null : pick < 0.25 ? 'soon' : Math.floor(random() * 5000);
        const doc = { id, partition: round % 3, deadline };
        await watches.upsert(doc);
        current.set(id, doc);
      }
      if (round % 50 !== 0) continue;
      const bound = Math.floor(random() * 5000);
      const expected = [...current.values()]
        .filter((doc) => doc.partition === 1 && typeof doc.deadline === 'number' && doc.deadline <= bound)
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((doc) => doc.id);
      expect((await watches.find({ partition: 1, deadline: { $lte: bound } })).map((doc) => doc.id)).toEqual(
        expected,
      );
      expect(await watches.count({ deadline: { $lt: bound } })).toBe(
        [...current.values()].filter((doc) => typeof doc.deadline === 'number' && doc.deadline < bound)
          .length,
      );
    }
  });
});
