/**
 * Exponential moving averages (docs/alert-catalogue.md §2.7). `weight` is the policy's moving_average_weight: the share of
 * the old average kept at each sample, so a higher weight means a longer memory. The first sample initialises.
 */
export function movingAverage(average: number | null, sample: number, weight: number): number {
  return average === null ? sample : weight * average + (1 - weight) * sample;
}

/** The expected time between uplinks of a device, with the spread LAF-401 uses to tell regular devices apart. */
export interface ActivityPeriod {
  /** Seconds; null until a first interval was measured. */
  activityFreq: number | null;
  /** Seconds squared. */
  activityFreqVariance: number | null;
}

export function updateActivityPeriod(
  period: ActivityPeriod,
  sampleSeconds: number,
  weight: number,
): ActivityPeriod {
  if (period.activityFreq === null) return { activityFreq: sampleSeconds, activityFreqVariance: 0 };
  const deviation = sampleSeconds - period.activityFreq;
  return {
    activityFreq: period.activityFreq + (1 - weight) * deviation,
    activityFreqVariance: weight * (period.activityFreqVariance ?? 0) + (1 - weight) * deviation * deviation,
  };
}

/** Standard deviation over mean; null when the period is unknown or zero, as nothing can be said then. */
export function coefficientOfVariation(period: ActivityPeriod): number | null {
  if (period.activityFreq === null || period.activityFreq <= 0) return null;
  return Math.sqrt(period.activityFreqVariance ?? 0) / period.activityFreq;
}

/** Alert parameters and read models show these values; two decimals are plenty and keep messages readable. */
export function forDisplay(value: number): number {
  return Math.round(value * 100) / 100;
}
