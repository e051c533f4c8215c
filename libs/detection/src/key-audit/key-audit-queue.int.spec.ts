import type { Packet } from '@lorawatch/domain/packet';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { KEY_AUDIT_QUEUE, KeyAuditQueue, type KeyAuditJob } from './key-audit-queue';

/** Only the fields the queue reads; the packet rides along untouched. */
function job(id: string, device: string, offset: number, enqueuedAt = offset): KeyAuditJob {
  return {
    id,
    device,
    organizationId: 1,
    partition: 0,
    offset,
    enqueuedAt,
    packet: { id } as Packet,
  };
}

describe('the AppKey audit queue when it is full', () => {
  let temp: TempSqliteFile;
  let store: SqliteReadStore;
  const ids = async () =>
    (await store.collection<KeyAuditJob>(KEY_AUDIT_QUEUE).find({}, { sort: [['offset', 'asc']] })).map(
      (doc) => doc.id,
    );

  async function admit(queue: KeyAuditQueue, jobs: KeyAuditJob[], running: string[] = []) {
    const admission = await queue.admit(jobs, new Set(running));
    await store.commit(admission.ops);
    return { dropped: admission.dropped.map((gone) => gone.id), depth: admission.depth };
  }

  beforeEach(() => {
    temp = createTempSqliteFile('key-audit-queue');
    store = SqliteReadStore.open(temp.file);
  });
  afterEach(async () => {
    await store.close();
    temp.remove();
  });

  it('admits everything below the limit', async () => {
    const queue = new KeyAuditQueue(store, 3);
    expect(await admit(queue, [job('a1', 'A', 1), job('b1', 'B', 2)])).toEqual({ dropped: [], depth: 2 });
    expect(await ids()).toEqual(['a1', 'b1']);
  });

  it('drops the oldest pending job of the same device first', async () => {
    const queue = new KeyAuditQueue(store, 3);
    await admit(queue, [job('a1', 'A', 1), job('b1', 'B', 2), job('b2', 'B', 3)]);
    expect(await admit(queue, [job('b3', 'B', 4)])).toEqual({ dropped: ['b1'], depth: 3 });
    expect(await ids()).toEqual(['a1', 'b2', 'b3']);
  });

  it('else drops the oldest pending job of any device', async () => {
    const queue = new KeyAuditQueue(store, 3);
    await admit(queue, [job('a1', 'A', 1), job('b1', 'B', 2), job('c1', 'C', 3)]);
    expect(await admit(queue, [job('d1', 'D', 4)])).toEqual({ dropped: ['a1'], depth: 3 });
    expect(await ids()).toEqual(['b1', 'c1', 'd1']);
  });

  it('never drops a running job, and drops the new one when every queued job is running', async () => {
    const queue = new KeyAuditQueue(store, 2);
    await admit(queue, [job('a1', 'A', 1), job('b1', 'B', 2)]);
    expect(await admit(queue, [job('a2', 'A', 3)], ['a1'])).toEqual({ dropped: ['b1'], depth: 2 });
    expect(await admit(queue, [job('c1', 'C', 4)], ['a1', 'a2'])).toEqual({ dropped: ['c1'], depth: 2 });
    expect(await ids()).toEqual(['a1', 'a2']);
  });

  it('applies the same rule inside one batch larger than the room left', async () => {
    const queue = new KeyAuditQueue(store, 2);
    const batch = [
      job('a1', 'A', 1),
      job('a2', 'A', 2),
      job('b1', 'B', 3),
      job('a3', 'A', 4),
      job('a4', 'A', 5),
    ];
    const admitted = await admit(queue, batch);
    // b1 pushes out a1 (oldest overall: B had nothing); a3 pushes out a2, a4 pushes out a3 (same device).
    expect(admitted).toEqual({ dropped: ['a1', 'a2', 'a3'], depth: 2 });
    expect(await ids()).toEqual(['b1', 'a4']);
  });

  it('orders the devices waiting oldest first, one entry each, leaving out the busy ones and other partitions', async () => {
    const queue = new KeyAuditQueue(store, 10);
    await admit(queue, [
      job('a1', 'A', 1, 10),
      job('b1', 'B', 2, 11),
      job('a2', 'A', 3, 12),
      { ...job('x1', 'X', 1, 5), partition: 1 },
      job('c1', 'C', 4, 13),
    ]);
    expect(await queue.devicesWaiting([0], [], 5)).toEqual(['A', 'B', 'C']);
    expect(await queue.devicesWaiting([0], ['A'], 5)).toEqual(['B', 'C']);
    expect(await queue.devicesWaiting([0, 1], [], 2)).toEqual(['X', 'A']);
    expect((await queue.nextOf('A'))?.id).toBe('a1');
    expect(await queue.nextOf('Z')).toBeNull();
  });
});
