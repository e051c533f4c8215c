import { MemoryReadStore } from '../memory/memory-read-store';
import { CheckpointFencedError } from '../read-store.port';
import { ReplicaStore } from './replica-store';

describe('ReplicaStore', () => {
  it('counts a commit of several marks as of the watched checkpoint when one of them names it', async () => {
    const shared = new MemoryReadStore();
    const seen: number[] = [];
    const replica = new ReplicaStore(shared, 'p1', seen, { stallAt: 2 });

    // Not of p1: neither counted nor looked at.
    await replica.commit([], [{ name: 'p0', position: 3, expected: 0 }]);
    await replica.commit([], { name: 'p2', position: 4, expected: 0 });
    // Of p1, as a single mark and as one mark of several.
    await replica.commit([], { name: 'p1', position: 5, expected: 0 });
    expect(seen).toEqual([5]);

    const stalled = replica.commit(
      [],
      [
        { name: 'p0', position: 3, expected: 3 },
        { name: 'p1', position: 9, expected: 5 },
      ],
    );
    await replica.holding;
    // Meanwhile another replica moves p1 on.
    await shared.commit([], { name: 'p1', position: 7, expected: 5 });
    replica.resume();

    await expect(stalled).rejects.toBeInstanceOf(CheckpointFencedError);
    expect(await replica.stalled).toMatchObject({ checkpoint: 'p1', expected: 5 });
    expect(seen).toEqual([5, 7]);
    expect(await shared.checkpoint('p1')).toBe(7);
  });
});
