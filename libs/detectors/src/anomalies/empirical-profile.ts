/**
 * A discrete distribution learned in batches (docs/alert-catalogue.md LAF-503: message size, counter step): when the
 * buffer holds `refitEvery` samples, the share of each value in the batch is blended into the table kept so far,
 * near-zero shares are dropped and the table is normalised to sum 1. A value never seen has probability 0.
 */
export interface ValueProbability {
  value: number;
  probability: number;
}

export interface EmpiricalProfile {
  /** Samples since the last refit (fewer than `refitEvery`). */
  samples: number[];
  /** Sorted by value; null until the first batch is complete. */
  table: ValueProbability[] | null;
}

export interface EmpiricalSettings {
  refitEvery: number;
  /** Weight of the previous table in a refit, 0..1. */
  memory: number;
  /**
   * Most values kept. Sizes have at most 256 values, but counter steps could collect thousands of rare ones over
   * months; keeping the most probable bounds the state while the values that matter stay.
   */
  maxValues: number;
}

/** Shares below this are forgotten: after that many refits a value has not been seen for a very long time. */
export const NEGLIGIBLE_PROBABILITY = 1e-9;

export function emptyEmpiricalProfile(): EmpiricalProfile {
  return { samples: [], table: null };
}

/** Share of each distinct value in a batch, sorted by value. */
export function frequencies(samples: readonly number[]): ValueProbability[] {
  const counts = new Map<number, number>();
  for (const x of samples) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts.entries()]
    .map(([value, count]) => ({ value, probability: count / samples.length }))
    .sort((a, b) => a.value - b.value);
}

/** memory × previous + (1 − memory) × fresh over the union of values, pruned, capped and normalised. */
export function blendTables(
  previous: readonly ValueProbability[] | null,
  fresh: readonly ValueProbability[],
  settings: Pick<EmpiricalSettings, 'memory' | 'maxValues'>,
): ValueProbability[] {
  const blended = new Map<number, number>();
  if (previous === null) {
    for (const { value, probability } of fresh) blended.set(value, probability);
  } else {
    for (const { value, probability } of previous) blended.set(value, settings.memory * probability);
    for (const { value, probability } of fresh) {
      blended.set(value, (blended.get(value) ?? 0) + (1 - settings.memory) * probability);
    }
  }
  const kept = [...blended.entries()]
    .map(([value, probability]) => ({ value, probability }))
    .filter((entry) => entry.probability >= NEGLIGIBLE_PROBABILITY)
    // Most probable first, ties by value, so the cap is deterministic.
    .sort((a, b) => b.probability - a.probability || a.value - b.value)
    .slice(0, settings.maxValues);
  const total = kept.reduce((sum, entry) => sum + entry.probability, 0);
  return kept
    .map((entry) => ({ value: entry.value, probability: entry.probability / total }))
    .sort((a, b) => a.value - b.value);
}

/** Adds one sample; refits when the batch is complete. Non-finite samples are ignored. Pure. */
export function learnEmpirical(
  profile: EmpiricalProfile,
  sample: number,
  settings: EmpiricalSettings,
): EmpiricalProfile {
  if (!Number.isFinite(sample)) return profile;
  const samples = [...profile.samples, sample];
  if (samples.length < settings.refitEvery) return { samples, table: profile.table };
  return { samples: [], table: blendTables(profile.table, frequencies(samples), settings) };
}

/** Probability of the value under the table; 0 for a value it does not hold. */
export function empiricalProbability(table: readonly ValueProbability[], value: number): number {
  return table.find((entry) => entry.value === value)?.probability ?? 0;
}
