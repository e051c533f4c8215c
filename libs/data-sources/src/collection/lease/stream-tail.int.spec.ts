import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { EventStore, NewEvent, ReadStreamOptions } from '@lorawatch/event-store/event-store.port';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { StreamTail } from './stream-tail';

const event = (id: string): NewEvent => ({
  id,
  type: 'Tick',
  data: {},
  metadata: {
    organizationId: null,
    actor: 'system',
    correlationId: id,
    causationId: null,
    occurredAt: '2024-06-01T12:00:00.000Z',
    schemaVersion: 1,
  },
});

describe('StreamTail', () => {
  let db: Database;
  let store: SqliteEventStore;
  let reads: ReadStreamOptions[];
  let counting: EventStore;

  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new SqliteEventStore(db);
    reads = [];
    counting = Object.assign(Object.create(store) as SqliteEventStore, {
      readStream: (streamId: string, options: ReadStreamOptions = {}) => {
        reads.push(options);
        return store.readStream(streamId, options);
      },
    });
  });

  afterEach(async () => {
    await store.close();
    db.close();
  });

  async function fill(streamId: string, count: number): Promise<void> {
    for (let start = 0; start < count; start += 100) {
      const ids = Array.from({ length: Math.min(100, count - start) }, (_, i) => `${streamId}-${start + i}`);
      await store.append(streamId, ids.map(event), 'any');
    }
  }

  it('has nothing for a stream that does not exist', async () => {
    expect(await new StreamTail(counting).last('nothing')).toBeUndefined();
  });

  it.each([1, 2, 3, 7, 8, 9, 100, 1000, 1025])(
    'finds the last of %i events in few one-event reads',
    async (count) => {
      await fill('lease', count);
      const tail = new StreamTail(counting);

      const last = await tail.last('lease');

      expect(last).toMatchObject({ id: `lease-${count - 1}`, revision: count - 1 });
      expect(reads.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(count + 1)) + 3);
    },
  );

  it('reads on from the revision it saw last, and finds what others appended since', async () => {
    await fill('lease', 50);
    const tail = new StreamTail(counting);
    await tail.last('lease');
    await store.append('lease', [event('later-1'), event('later-2')], 49);
    reads.length = 0;

    expect(await tail.last('lease')).toMatchObject({ id: 'later-2', revision: 51 });
    expect(reads).toEqual([{ fromRevision: 49 }]);
  });

  it('starts from a revision its owner wrote', async () => {
    await fill('lease', 10);
    const tail = new StreamTail(counting);
    tail.advance('lease', 9);
    reads.length = 0;

    expect(await tail.last('lease')).toMatchObject({ revision: 9 });
    expect(reads).toEqual([{ fromRevision: 9 }]);
  });
});
