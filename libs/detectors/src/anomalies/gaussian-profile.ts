/**
 * A one-dimensional Gaussian learned in batches (docs/alert-catalogue.md LAF-501 and LAF-503): samples collect in a
 * buffer; when it holds `refitEvery` of them, their mean and variance are computed and blended into the previous
 * fit, and the buffer starts over. The blend lets a profile follow a slow drift while a single odd batch moves
 * it only part of the way. State is plain JSON and never holds more than `refitEvery` samples.
 */
export interface GaussianFit {
  mean: number;
  variance: number;
}

export interface GaussianProfile {
  /** Samples since the last refit (fewer than `refitEvery`). */
  samples: number[];
  /** Null until the first batch is complete. */
  fit: GaussianFit | null;
}

export interface GaussianSettings {
  refitEvery: number;
  /** Weight of the previous fit in a refit, 0..1. */
  memory: number;
  /**
   * Smallest variance a fit may have. A batch of identical values has variance 0, which would make the density
   * infinite at that value and zero everywhere else; the floor stands for the resolution of the measurement.
   */
  minVariance: number;
}

export function emptyGaussianProfile(): GaussianProfile {
  return { samples: [], fit: null };
}

/** Maximum-likelihood mean and variance of a batch, with the variance floored. */
export function fitGaussian(samples: readonly number[], minVariance: number): GaussianFit {
  if (samples.length === 0) throw new RangeError('cannot fit a Gaussian to no samples');
  const mean = samples.reduce((sum, x) => sum + x, 0) / samples.length;
  const variance = samples.reduce((sum, x) => sum + (x - mean) ** 2, 0) / samples.length;
  return { mean, variance: Math.max(variance, minVariance) };
}

/** The previous fit weighted by `memory`, the fresh one by the rest; the first fit is taken as it is. */
export function blendGaussian(previous: GaussianFit | null, fresh: GaussianFit, memory: number): GaussianFit {
  if (previous === null) return fresh;
  return {
    mean: memory * previous.mean + (1 - memory) * fresh.mean,
    variance: memory * previous.variance + (1 - memory) * fresh.variance,
  };
}

/** Adds one sample; refits when the batch is complete. Non-finite samples are ignored. Pure. */
export function learnGaussian(
  profile: GaussianProfile,
  sample: number,
  settings: GaussianSettings,
): GaussianProfile {
  if (!Number.isFinite(sample)) return profile;
  const samples = [...profile.samples, sample];
  if (samples.length < settings.refitEvery) return { samples, fit: profile.fit };
  const fresh = fitGaussian(samples, settings.minVariance);
  return { samples: [], fit: blendGaussian(profile.fit, fresh, settings.memory) };
}

/** Probability density of the fit at x: exp(−(x−μ)²/2σ²) / √(2πσ²). Zero for a non-finite x. */
export function gaussianDensity(fit: GaussianFit, x: number): number {
  if (!Number.isFinite(x)) return 0;
  const variance = Math.max(fit.variance, Number.MIN_VALUE);
  return Math.exp(-((x - fit.mean) ** 2) / (2 * variance)) / Math.sqrt(2 * Math.PI * variance);
}

/**
 * Density of x measured in standard deviations of the fit: the standard normal density at z = (x−μ)/σ, i.e.
 * density × σ. It does not depend on the unit of the variable (seconds, counter steps), so one threshold means
 * the same for a device with ten uplinks a session as for one with ten thousand. At most 1/√(2π) ≈ 0.399.
 */
export function standardDensity(fit: GaussianFit, x: number): number {
  if (!Number.isFinite(x)) return 0;
  const z = (x - fit.mean) / Math.sqrt(Math.max(fit.variance, Number.MIN_VALUE));
  return Math.exp(-(z * z) / 2) / Math.sqrt(2 * Math.PI);
}
