import type { AlertDraft } from '@lorawatch/domain/alert';
import type { AlertCode } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import { alertId, draftAlert } from '../alert-draft';
import { forDisplay } from './moving-average';

/**
 * The alert of LAF-401 / LAF-403, raised on a clock tick about the asset's last packet. Its id depends only on
 * that packet, so the ticks of a replay, or repeated after a restart, name the same silence with the same id.
 */
export interface SilenceAlertInput {
  code: Extract<AlertCode, 'LAF-401' | 'LAF-403'>;
  lastPacket: Packet;
  lastActivity: string;
  activityFreq: number | null;
  at: string;
  policyName: string;
  disconnectionSensitivity: number;
  devAddr: string | null;
}

export function silenceAlert(input: SilenceAlertInput): AlertDraft {
  const draft = draftAlert({
    code: input.code,
    packet: input.lastPacket,
    id: alertId(input.code, input.lastPacket.id),
    devAddr: input.devAddr,
    parameters: {
      last_activity: input.lastActivity,
      activity_freq: input.activityFreq === null ? null : forDisplay(input.activityFreq),
      policy_name: input.policyName,
      disconnection_sensitivity_value: input.disconnectionSensitivity,
    },
  });
  // Raised when the tick finds the silence, not when the last packet came.
  return { ...draft, createdAt: input.at };
}
