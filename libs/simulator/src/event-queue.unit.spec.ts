import { EventQueue } from './event-queue';
import { Random } from './random';

describe('EventQueue', () => {
  it('pops by time, and in scheduling order at the same time', () => {
    const queue = new EventQueue<string>();
    const random = new Random(9);
    const expected: Array<[number, string]> = [];
    for (let index = 0; index < 500; index += 1) {
      const at = random.int(0, 50);
      queue.push(at, `item-${index}`);
      expected.push([at, `item-${index}`]);
    }
    expected.sort((a, b) => a[0] - b[0]);
    const popped: Array<[number, string]> = [];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) popped.push([next.at, next.item]);
    expect(popped).toEqual(expected);
    expect(queue.size).toBe(0);
  });
});

describe('Random', () => {
  it('repeats its sequence for a seed and stays in range', () => {
    const a = new Random(123);
    const b = new Random(123);
    const values = Array.from({ length: 1000 }, () => a.int(1, 6));
    expect(Array.from({ length: 1000 }, () => b.int(1, 6))).toEqual(values);
    expect(new Set(values)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(new Random(124).hex(8)).not.toBe(new Random(123).hex(8));
  });
});
