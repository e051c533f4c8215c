/**
 * A triangular likelihood around a learned median (docs/alert-catalogue.md LAF-503: seconds per counter step). The
 * median of each batch of `refitEvery` samples is blended into the previous one. A value scores
 * 1 − |x − median| / median, down to 0 at 0 and at twice the median: a periodic device's timing is judged
 * relative to its own period.
 */
export interface TriangularProfile {
  /** Samples since the last refit (fewer than `refitEvery`). */
  samples: number[];
  /** Null until the first batch is complete. */
  median: number | null;
}

export interface TriangularSettings {
  refitEvery: number;
  /** Weight of the previous median in a refit, 0..1. */
  memory: number;
}

export function emptyTriangularProfile(): TriangularProfile {
  return { samples: [], median: null };
}

/** Middle value of a batch; the mean of the two middle ones for an even count. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError('no median of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Adds one sample; refits when the batch is complete. Non-finite samples are ignored. Pure. */
export function learnTriangular(
  profile: TriangularProfile,
  sample: number,
  settings: TriangularSettings,
): TriangularProfile {
  if (!Number.isFinite(sample)) return profile;
  const samples = [...profile.samples, sample];
  if (samples.length < settings.refitEvery) return { samples, median: profile.median };
  const fresh = median(samples);
  const blended =
    profile.median === null ? fresh : settings.memory * profile.median + (1 - settings.memory) * fresh;
  return { samples: [], median: blended };
}

/**
 * Likelihood of x, in 0..1. A median of 0 (every step took no measurable time) has no width, so only 0 fits it;
 * dividing by it would give NaN.
 */
export function triangularLikelihood(medianValue: number, x: number): number {
  if (!Number.isFinite(x)) return 0;
  if (medianValue <= 0) return x <= 0 ? 1 : 0;
  return Math.max(0, 1 - Math.abs(x - medianValue) / medianValue);
}
