import { CheckpointTranslator } from './checkpoint-translator';

describe('CheckpointTranslator', () => {
  it('gives the target number of the last copied item at or below each watched value', () => {
    const positions = new CheckpointTranslator([3, 4, 9], 0);
    // Sparse target numbering, as KurrentDB commit positions are.
    for (const [source, target] of [
      [1, 100],
      [2, 250],
      [4, 400],
      [7, 900],
    ])
      positions.record(source, target);
    expect(positions.translate(3)).toBe(250);
    expect(positions.translate(4)).toBe(400);
    expect(positions.translate(9)).toBe(900);
  });

  it('gives the floor for a value below every copied item, and for anything when nothing was copied', () => {
    const offsets = new CheckpointTranslator([0, 5], 12);
    expect(offsets.translate(5)).toBe(12);
    offsets.record(6, 13);
    expect(offsets.translate(0)).toBe(12);
    expect(offsets.translate(5)).toBe(12);
  });

  it('keeps a settled answer when later items are recorded', () => {
    const positions = new CheckpointTranslator([2], 0);
    positions.record(2, 20);
    positions.record(3, 30);
    positions.record(8, 80);
    expect(positions.translate(2)).toBe(20);
  });

  it('translates "next offset" checkpoints when pairs are recorded as offset + 1', () => {
    // Source partition pruned up to offset 40: its records 40..42 land at target offsets 0..2.
    const next = new CheckpointTranslator([0, 41, 43], 0);
    for (const offset of [40, 41, 42]) next.record(offset + 1, offset - 40 + 1);
    expect(next.translate(0)).toBe(0);
    expect(next.translate(41)).toBe(1);
    expect(next.translate(43)).toBe(3);
  });

  it('tells a batching copy where an item needs its own pair', () => {
    const positions = new CheckpointTranslator([5, 10], 0);
    expect(positions.watchesBetween(1, 5)).toBe(false);
    expect(positions.watchesBetween(5, 6)).toBe(true);
    expect(positions.watchesBetween(6, 10)).toBe(false);
    expect(positions.watchesBetween(6, 11)).toBe(true);
  });

  it('refuses values it was not asked to watch and pairs out of order', () => {
    const positions = new CheckpointTranslator([5], 0);
    expect(() => positions.translate(6)).toThrow('6 was not watched');
    positions.record(3, 30);
    expect(() => positions.record(3, 31)).toThrow('increasing order');
  });
});
