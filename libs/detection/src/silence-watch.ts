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
