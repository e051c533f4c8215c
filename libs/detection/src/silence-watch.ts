import type { DeviceDetectionState, GatewayDetectionState } from '@lorawatch/detectors/detect';
import { silenceAllowance } from '@lorawatch/detectors/statistics/silence-rule';
import type { PolicyView } from '@lorawatch/domain/policy';
import type { CollectionSpec } from '@lorawatch/read-store/read-store.port';

/**
 * When each connected asset would count as silent, so a clock tick reads only the assets that are due instead of
 * every state. The deadline is computed with the policy in force at the asset's last packet; a tick re-checks the
 * rule with the current policy, so a deadline only decides when to look.
 */
export interface SilenceWatch {
  /** The asset's detector_state id. */
  id: string;
  partition: number;
  organizationId: number;
  dataSourceId: number;
  /** Epoch milliseconds. */
  deadline: number;
}

export const SILENCE_WATCH: CollectionSpec = {
  name: 'silence_watch',
  indexes: [{ fields: ['deadline'] }],
};

const MINUTE_MS = 60_000;

/**
 * When a silence whose deadline is `deadline` (epoch ms) is judged: the first whole minute of event time after it.
 * Whatever the pace at which the packets were detected and the ticks ran, an asset is judged at that moment, with
 * every packet dated up to it detected (the watermark has passed it), so the same packets raise the same silence
 * alert with the same date. Strictly after the deadline: the silence rule needs more than the allowance.
 */
export function silenceMoment(deadline: number): number {
  return (Math.floor(deadline / MINUTE_MS) + 1) * MINUTE_MS;
}

/** The deadlines a watermark (epoch ms) has reached: those before its whole minute (silenceMoment(d) <= watermark). */
export function deadlinesReachedBy(watermark: number): number {
  return Math.floor(watermark / MINUTE_MS) * MINUTE_MS;
}

export function silenceDeadline(
  state: DeviceDetectionState | GatewayDetectionState,
  policy: PolicyView,
): number | null {
  const statistics = state.statistics;
  if (!statistics.connected || statistics.lastActivity === null) return null;
  const code = 'gateway' in state ? 'LAF-403' : 'LAF-401';
  const allowance = silenceAllowance(
    'gateway' in state
      ? { activityFreq: state.statistics.activityFreq, activityFreqVariance: null }
      : state.statistics,
    {
      minActivityPeriod: policy.parameter(code, 'min_activity_period'),
      disconnectionSensitivity: policy.parameter(code, 'disconnection_sensitivity'),
      deviationTolerance: code === 'LAF-401' ? policy.parameter('LAF-401', 'deviation_tolerance') : null,
    },
  );
  return Date.parse(statistics.lastActivity) + allowance * 1000;
}
