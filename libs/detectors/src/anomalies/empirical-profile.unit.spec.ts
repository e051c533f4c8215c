import {
  blendTables,
  emptyEmpiricalProfile,
  empiricalProbability,
  frequencies,
  learnEmpirical,
  type EmpiricalSettings,
} from './empirical-profile';

const settings: EmpiricalSettings = { refitEvery: 4, memory: 0.9, maxValues: 8 };
const sum = (table: Array<{ probability: number }>) => table.reduce((s, e) => s + e.probability, 0);

describe('empirical profile', () => {
  it('counts the share of each value in a batch, sorted by value', () => {
    expect(frequencies([3, 1, 3, 3])).toEqual([
      { value: 1, probability: 0.25 },
      { value: 3, probability: 0.75 },
    ]);
  });

  it('takes the first batch as it is, and blends later ones by the memory weight', () => {
    let profile = emptyEmpiricalProfile();
    for (const x of [1, 1, 1]) profile = learnEmpirical(profile, x, settings);
    expect(profile.table).toBeNull();
    profile = learnEmpirical(profile, 1, settings);
    expect(profile).toEqual({ samples: [], table: [{ value: 1, probability: 1 }] });

    for (const x of [1, 2, 1, 2]) profile = learnEmpirical(profile, x, settings);
    // 0.9 × 1 + 0.1 × 0.5 for the value seen before, 0.1 × 0.5 for the new one.
    expect(profile.table).toEqual([
      { value: 1, probability: expect.closeTo(0.95, 12) as number },
      { value: 2, probability: expect.closeTo(0.05, 12) as number },
    ]);
    expect(empiricalProbability(profile.table ?? [], 2)).toBeCloseTo(0.05, 12);
    expect(empiricalProbability(profile.table ?? [], 3)).toBe(0);
  });

  it('forgets negligible values and keeps at most maxValues, the most probable, summing to 1', () => {
    const previous = [
      { value: 1, probability: 0.5 },
      { value: 2, probability: 0.3 },
      { value: 3, probability: 0.2 },
      { value: 4, probability: 1e-12 },
    ];
    const blended = blendTables(previous, [{ value: 1, probability: 1 }], { memory: 0.5, maxValues: 2 });
    expect(blended.map((e) => e.value)).toEqual([1, 2]);
    expect(sum(blended)).toBeCloseTo(1, 12);
    expect(blended[0].probability).toBeCloseTo(0.75 / 0.9, 12);
  });
});
