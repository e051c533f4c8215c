import { epochMs } from '../time';
import { coefficientOfVariation, type ActivityPeriod } from './moving-average';

/**
 * When an asset counts as silent (docs/alert-catalogue.md LAF-401 / LAF-403): after
 * max(min_activity_period, period / disconnection_sensitivity) seconds without traffic. A device whose period
 * varies more than deviation_tolerance allows is "irregular": its allowance grows by one standard deviation, and
 * it is never alerted on, since its silences say little.
 */
export interface SilenceParameters {
  minActivityPeriod: number;
  disconnectionSensitivity: number;
  /** Null for gateways, which have no regularity split. */
  deviationTolerance: number | null;
}

export function isRegular(period: ActivityPeriod, deviationTolerance: number | null): boolean {
  const cv = coefficientOfVariation(period);
  return deviationTolerance === null || cv === null || cv <= deviationTolerance;
}

/** Seconds without traffic after which the asset is disconnected. */
export function silenceAllowance(period: ActivityPeriod, parameters: SilenceParameters): number {
  const freq = period.activityFreq ?? 0;
  const spread = isRegular(period, parameters.deviationTolerance)
    ? 0
    : Math.sqrt(period.activityFreqVariance ?? 0);
  return Math.max(parameters.minActivityPeriod, (freq + spread) / parameters.disconnectionSensitivity);
}

export function isSilent(lastActivity: string, at: string, allowanceSeconds: number): boolean {
  return epochMs(lastActivity) + allowanceSeconds * 1000 < epochMs(at);
}
