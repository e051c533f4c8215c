import { takeBatch } from './kafka-reader';

const offsets = (from: number, to: number): number[] =>
  Array.from({ length: to - from }, (_unused, i) => from + i);

/** Replays the fetches a broker would answer for a read, each at most `perFetch` records from the fetch position. */
function readThrough(
  range: { start: number; end: number },
  high: number,
  perFetch: number,
): { taken: number[]; fetches: number } {
  let position = range.start;
  const taken: number[] = [];
  for (let fetches = 1; fetches <= 100; fetches++) {
    const batch = offsets(position, Math.min(high, position + perFetch));
    const take = takeBatch(range, batch, batch.length > 0 ? batch[batch.length - 1] : -1, high);
    taken.push(...take.taken);
    if (take.done) return { taken, fetches };
    // What kafkajs does next: fetch after the resolved offset, or the same position again when none was resolved.
    if (take.resolve !== null) position = take.resolve + 1;
  }
  throw new Error('the read never finished');
}

describe('takeBatch', () => {
  it('resolves each batch so that a read larger than one fetch moves on instead of fetching the same batch', () => {
    const take = takeBatch({ start: 0, end: 1000 }, offsets(0, 300), 299, 5000);
    expect(take).toEqual({ taken: offsets(0, 300), resolve: 299, done: false });
    expect(readThrough({ start: 0, end: 1000 }, 5000, 300)).toEqual({ taken: offsets(0, 1000), fetches: 4 });
  });

  it('keeps only the offsets of the range when a fetch starts before it or runs past it', () => {
    expect(takeBatch({ start: 5, end: 8 }, offsets(3, 10), 9, 10)).toEqual({
      taken: [5, 6, 7],
      resolve: 9,
      done: true,
    });
  });

  it('finishes at the end of the partition even when the range reaches further', () => {
    expect(readThrough({ start: 10, end: 1000 }, 250, 64)).toEqual({ taken: offsets(10, 250), fetches: 4 });
    expect(takeBatch({ start: 0, end: 10 }, [], -1, 0)).toEqual({ taken: [], resolve: null, done: true });
  });

  it('waits for more when a fetch came back empty before the end was reached', () => {
    expect(takeBatch({ start: 0, end: 10 }, [], -1, 4)).toEqual({ taken: [], resolve: null, done: false });
  });
});
