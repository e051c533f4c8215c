import type { Packet } from '@lorawatch/domain/packet';
import {
  clearance,
  deviceAsset,
  unchanged,
  type DetectorStep,
  type IssueClearance,
  type TickInput,
} from '../detector-step';
import type { DeviceStatisticsState } from './device-statistics-state';
import { silenceAlert } from './silence-alert';
import { isRegular, isSilent, silenceAllowance } from './silence-rule';

export interface DeviceTickInput extends TickInput {
  /** Name of the policy in force, for the alert's parameters. */
  policyName: string;
  /** Whether the device's data source is connected now: a source that is down explains every silence. */
  dataSourceConnected: boolean;
}

/**
 * LAF-401, run on a clock tick (docs/alert-catalogue.md LAF-401): a connected device silent for longer than its allowance
 * is marked disconnected. It is alerted on only when its data source is connected, its period is known and
 * non-zero, and it is regular; an irregular device or an unknown period says too little about a silence. Once
 * disconnected, later ticks leave it alone, so one silence gives at most one alert.
 */
export function tickDeviceStatistics(
  state: DeviceStatisticsState,
  input: DeviceTickInput,
): DetectorStep<DeviceStatisticsState> {
  if (!state.connected || state.lastActivity === null) return unchanged(state);
  const { policy } = input;
  const deviationTolerance = policy.parameter('LAF-401', 'deviation_tolerance');
  const disconnectionSensitivity = policy.parameter('LAF-401', 'disconnection_sensitivity');
  const allowance = silenceAllowance(state, {
    minActivityPeriod: policy.parameter('LAF-401', 'min_activity_period'),
    disconnectionSensitivity,
    deviationTolerance,
  });
  if (!isSilent(state.lastActivity, input.at, allowance)) return unchanged(state);

  const disconnected: DeviceStatisticsState = { ...state, connected: false };
  const periodKnown = state.activityFreq !== null && state.activityFreq > 0;
  if (
    !input.dataSourceConnected ||
    !periodKnown ||
    !isRegular(state, deviationTolerance) ||
    state.lastUplink === null
  ) {
    return unchanged(disconnected);
  }
  const alert = silenceAlert({
    code: 'LAF-401',
    lastPacket: state.lastUplink,
    lastActivity: state.lastActivity,
    activityFreq: state.activityFreq,
    at: input.at,
    policyName: input.policyName,
    disconnectionSensitivity,
    devAddr: state.devAddr,
  });
  return { state: { ...disconnected, silenceAlertId: alert.id }, alerts: [alert], cleared: [] };
}

/** A counted uplink of a device alerted on as silent clears LAF-401 (docs/alert-catalogue.md LAF-401, resolution). */
export function deviceHeardAgain(
  state: DeviceStatisticsState,
  packet: Packet,
  devAddr: string | null,
): IssueClearance[] {
  if (state.silenceAlertId === null) return [];
  return [
    clearance({
      code: 'LAF-401',
      packet,
      asset: deviceAsset(packet, devAddr),
      reason: 'device transmitted again',
    }),
  ];
}
