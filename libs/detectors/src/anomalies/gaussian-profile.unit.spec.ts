import {
  blendGaussian,
  emptyGaussianProfile,
  fitGaussian,
  gaussianDensity,
  learnGaussian,
  standardDensity,
  type GaussianSettings,
} from './gaussian-profile';

const settings: GaussianSettings = { refitEvery: 4, memory: 0.5, minVariance: 0.01 };
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

describe('Gaussian profile', () => {
  it('fits the maximum-likelihood mean and variance of a batch', () => {
    expect(fitGaussian([1, 2, 3, 4], 0)).toEqual({ mean: 2.5, variance: 1.25 });
  });

  it('floors the variance of a constant batch, so the density stays finite', () => {
    const fit = fitGaussian([5, 5, 5], 0.01);
    expect(fit).toEqual({ mean: 5, variance: 0.01 });
    expect(gaussianDensity(fit, 5)).toBeCloseTo(INV_SQRT_2PI / 0.1, 10);
    expect(gaussianDensity(fit, 6)).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(standardDensity(fit, 5))).toBe(true);
  });

  it('blends a refit with the previous fit by the memory weight', () => {
    expect(blendGaussian(null, { mean: 10, variance: 3 }, 0.5)).toEqual({ mean: 10, variance: 3 });
    expect(blendGaussian({ mean: 0, variance: 1 }, { mean: 10, variance: 3 }, 0.5)).toEqual({
      mean: 5,
      variance: 2,
    });
    expect(blendGaussian({ mean: 0, variance: 1 }, { mean: 10, variance: 3 }, 0.9)).toEqual({
      mean: expect.closeTo(1, 12) as number,
      variance: expect.closeTo(1.2, 12) as number,
    });
  });

  it('has no fit until the first batch is complete, then refits every batch and keeps no more samples', () => {
    let profile = emptyGaussianProfile();
    for (const x of [1, 2, 3]) profile = learnGaussian(profile, x, settings);
    expect(profile).toEqual({ samples: [1, 2, 3], fit: null });

    profile = learnGaussian(profile, 4, settings);
    expect(profile).toEqual({ samples: [], fit: { mean: 2.5, variance: 1.25 } });

    for (const x of [10.5, 10.5, 10.5, 10.5]) profile = learnGaussian(profile, x, settings);
    // (2.5 + 10.5) / 2 and (1.25 + 0.01) / 2: the constant batch contributes the floor, not zero.
    expect(profile).toEqual({ samples: [], fit: { mean: 6.5, variance: 0.63 } });
  });

  it('ignores samples that are not finite numbers', () => {
    const profile = learnGaussian(emptyGaussianProfile(), Number.NaN, settings);
    expect(profile).toEqual(emptyGaussianProfile());
  });

  it('gives the normal density, vanishing far away without becoming NaN', () => {
    const fit = { mean: 2, variance: 4 };
    expect(gaussianDensity(fit, 2)).toBeCloseTo(INV_SQRT_2PI / 2, 12);
    expect(gaussianDensity(fit, 4)).toBeCloseTo((INV_SQRT_2PI / 2) * Math.exp(-0.5), 12);
    expect(gaussianDensity(fit, 1e9)).toBe(0);
    expect(gaussianDensity(fit, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('gives a standardised density that does not depend on the unit of the variable', () => {
    const seconds = fitGaussian([50, 60, 70, 80], 0);
    const milliseconds = fitGaussian([50000, 60000, 70000, 80000], 0);
    expect(standardDensity(seconds, 85)).toBeCloseTo(standardDensity(milliseconds, 85000), 12);
    expect(standardDensity(seconds, seconds.mean)).toBeCloseTo(INV_SQRT_2PI, 12);
    // One standard deviation away.
    expect(standardDensity(seconds, seconds.mean + Math.sqrt(seconds.variance))).toBeCloseTo(
      INV_SQRT_2PI * Math.exp(-0.5),
      12,
    );
  });
});
