import type { Packet } from '@lorawatch/domain/packet';
import { clearance, unchanged, type DetectorStep, type IssueClearance } from '../detector-step';
import type { GatewayStatisticsState } from './gateway-statistics-state';
import type { DeviceTickInput } from './laf-401-device-silent';
import { silenceAlert } from './silence-alert';
import { isSilent, silenceAllowance } from './silence-rule';

export type GatewayTickInput = DeviceTickInput;

/**
 * LAF-403, run on a clock tick (docs/alert-catalogue.md LAF-403): LAF-401's rule without the regularity split, with
 * LAF-403's parameters. A connected gateway silent past its allowance is marked disconnected, and alerted on when
 * its data source is connected. The alert is about the gateway, so the last packet's device fields are left out.
 */
export function tickGatewayStatistics(
  state: GatewayStatisticsState,
  input: GatewayTickInput,
): DetectorStep<GatewayStatisticsState> {
  if (!state.connected || state.lastActivity === null) return unchanged(state);
  const { policy } = input;
  const disconnectionSensitivity = policy.parameter('LAF-403', 'disconnection_sensitivity');
  const allowance = silenceAllowance(
    { activityFreq: state.activityFreq, activityFreqVariance: null },
    {
      minActivityPeriod: policy.parameter('LAF-403', 'min_activity_period'),
      disconnectionSensitivity,
      deviationTolerance: null,
    },
  );
  if (!isSilent(state.lastActivity, input.at, allowance)) return unchanged(state);

  const disconnected: GatewayStatisticsState = { ...state, connected: false };
  if (!input.dataSourceConnected || state.lastPacket === null) return unchanged(disconnected);
  const draft = silenceAlert({
    code: 'LAF-403',
    lastPacket: state.lastPacket,
    lastActivity: state.lastActivity,
    activityFreq: state.activityFreq,
    at: input.at,
    policyName: input.policyName,
    disconnectionSensitivity,
    devAddr: null,
  });
  const alert = {
    ...draft,
    devEui: null,
    devAddr: null,
    parameters: { ...draft.parameters, dev_eui: null, dev_addr: null, join_eui: null },
  };
  return { state: { ...disconnected, silenceAlertId: alert.id }, alerts: [alert], cleared: [] };
}

/** Any packet of a gateway alerted on as silent clears LAF-403 (docs/alert-catalogue.md LAF-403, resolution). */
export function gatewayHeardAgain(
  state: GatewayStatisticsState,
  packet: Packet,
  gateway: string,
): IssueClearance[] {
  if (state.silenceAlertId === null) return [];
  return [
    clearance({
      code: 'LAF-403',
      packet,
      asset: { type: 'GATEWAY', gateway },
      reason: 'gateway transmitted again',
    }),
  ];
}
