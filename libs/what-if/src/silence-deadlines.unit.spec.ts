import type { SilenceWatch } from '@lorawatch/detection/silence-watch';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { SilenceDeadlines } from './silence-deadlines';

const watch = (id: string, dataSourceId: number, deadline: number): WriteOp => {
  const doc: SilenceWatch = { id, partition: 0, organizationId: 1, dataSourceId, deadline };
  return { op: 'upsert', collection: 'silence_watch', doc };
};

describe('the earliest silence deadline of each data source, from the watches committed', () => {
  it('follows watches set, moved and deleted, per data source', () => {
    const deadlines = new SilenceDeadlines();
    expect(deadlines.earliest(1)).toBe(Infinity);
    deadlines.observe([
      watch('device:1:a', 1, 500),
      watch('device:1:b', 1, 300),
      watch('device:2:c', 2, 100),
    ]);
    deadlines.observe([{ op: 'upsert', collection: 'detector_state', doc: { id: 'device:1:a' } }]);
    expect(deadlines.earliest(1)).toBe(300);
    expect(deadlines.earliest(2)).toBe(100);
    // b heard again: its deadline moves on; then a is judged silent and its watch goes
    deadlines.observe([watch('device:1:b', 1, 900)]);
    expect(deadlines.earliest(1)).toBe(500);
    deadlines.observe([{ op: 'delete', collection: 'silence_watch', id: 'device:1:a' }]);
    expect(deadlines.earliest(1)).toBe(900);
    deadlines.observe([watch('device:1:b', 1, 300)]);
    expect(deadlines.earliest(1)).toBe(300);
    expect(deadlines.earliest(2)).toBe(100);
  });

  it('keeps the earliest among many watches moving in any order', () => {
    const deadlines = new SilenceDeadlines();
    const current = new Map<string, number>();
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 2000; round++) {
      const id = `device:1:${Math.floor(random() * 50)}`;
      if (random() < 0.2) {
        deadlines.observe([{ op: 'delete', collection: 'silence_watch', id }]);
        current.delete(id);
      } else {
        const deadline = Math.floor(random() * 10_000);
        deadlines.observe([watch(id, 1, deadline)]);
        current.set(id, deadline);
      }
      expect(deadlines.earliest(1)).toBe(current.size === 0 ? Infinity : Math.min(...current.values()));
    }
  });

  it('lists the watches due by a bound, as the collection read with that bound finds them', () => {
    const deadlines = new SilenceDeadlines();
    const current = new Map<string, { dataSourceId: number; deadline: number }>();
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 3000; round++) {
      const dataSourceId = 1 + Math.floor(random() * 2);
      const id = `device:${dataSourceId}:${Math.floor(random() * 40)}`;
      if (random() < 0.2) {
        deadlines.observe([{ op: 'delete', collection: 'silence_watch', id }]);
        current.delete(id);
      } else {
        const deadline = Math.floor(random() * 10_000);
        deadlines.observe([watch(id, dataSourceId, deadline)]);
        current.set(id, { dataSourceId, deadline });
      }
      if (round % 7 === 0) deadlines.earliest(dataSourceId);
      const bound = Math.floor(random() * 10_000);
      const expected = [...current]
        .filter(([, watch]) => watch.dataSourceId === dataSourceId && watch.deadline <= bound)
        .map(([id]) => id)
        .sort();
      expect(deadlines.dueBy(dataSourceId, bound).sort()).toEqual(expected);
    }
    expect(deadlines.dueBy(3, 10_000)).toEqual([]);
  });
});
