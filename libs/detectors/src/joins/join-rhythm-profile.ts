import {
  emptyGaussianProfile,
  learnGaussian,
  standardDensity,
  type GaussianProfile,
  type GaussianSettings,
} from '../anomalies/gaussian-profile';

/**
 * The two things LAF-501 learns about how a device rejoins (docs/alert-catalogue.md LAF-501): the logarithm of the time
 * between join requests (join intervals spread over orders of magnitude, so a log-normal fits them better), and
 * the last data FCnt the device reached before each join request, which says how long its sessions last.
 */

/** Shorter gaps are retries of one join, not the rhythm of the device's sessions. */
export const MIN_PROFILED_GAP_SECONDS = 30;

/**
 * Batches of 30 and memory 0.5 are the specification's. The floors stand for clock jitter: a spread narrower
 * than 5 % of the gap (0.05 in log units) or one counter step is not a real property of the device.
 */
export const GAP_PROFILE: GaussianSettings = { refitEvery: 30, memory: 0.5, minVariance: 0.05 ** 2 };
export const LAST_FCOUNT_PROFILE: GaussianSettings = { refitEvery: 30, memory: 0.5, minVariance: 1 };

export interface JoinRhythmProfile {
  /** Natural log of seconds between join request transmissions longer than the minimum. */
  logGaps: GaussianProfile;
  lastFCounts: GaussianProfile;
}

export function emptyJoinRhythmProfile(): JoinRhythmProfile {
  return { logGaps: emptyGaussianProfile(), lastFCounts: emptyGaussianProfile() };
}

export function learnJoinRhythm(
  profile: JoinRhythmProfile,
  gapSeconds: number,
  lastFCount: number | null,
): JoinRhythmProfile {
  if (!(gapSeconds > MIN_PROFILED_GAP_SECONDS)) return profile;
  return {
    logGaps: learnGaussian(profile.logGaps, Math.log(gapSeconds), GAP_PROFILE),
    lastFCounts:
      lastFCount === null
        ? profile.lastFCounts
        : learnGaussian(profile.lastFCounts, lastFCount, LAST_FCOUNT_PROFILE),
  };
}

/** How a join request compares with the device's usual rhythm; null while either profile is still learning. */
export interface RhythmAssessment {
  /** Typical gap: e^(mean log gap), the median of the log-normal. */
  medianGapSeconds: number;
  meanLastFCount: number;
  /** Sooner than usual and after fewer uplinks than usual: the only case rule A judges. */
  earlier: boolean;
  /**
   * √(φ(z_gap) · φ(z_fcnt)), with φ the standard normal density and z each value's distance from its mean in
   * standard deviations. Using z rather than raw densities makes the score independent of units: a raw density
   * of counter values shrinks with the length of sessions, and would flag long-session devices at every rejoin.
   * At most 1/√(2π) ≈ 0.399.
   */
  score: number;
}

export function assessJoinRhythm(
  profile: JoinRhythmProfile,
  gapSeconds: number,
  lastFCount: number,
): RhythmAssessment | null {
  const gapFit = profile.logGaps.fit;
  const fCountFit = profile.lastFCounts.fit;
  if (gapFit === null || fCountFit === null) return null;
  const medianGapSeconds = Math.exp(gapFit.mean);
  const earlier =
    gapSeconds > MIN_PROFILED_GAP_SECONDS && gapSeconds < medianGapSeconds && lastFCount < fCountFit.mean;
  const score = Math.sqrt(
    standardDensity(gapFit, Math.log(Math.max(gapSeconds, Number.MIN_VALUE))) *
      standardDensity(fCountFit, lastFCount),
  );
  return { medianGapSeconds, meanLastFCount: fCountFit.mean, earlier, score };
}
