import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import { draftAlert } from '../alert-draft';
import { windowSum, type HourBucket } from './hourly-window';

/**
 * LAF-101: too many lost frames within the policy's time window (hours). Checked when the packet adds to the
 * counter, so a quiet device does not keep re-alerting on old history.
 */
export function detectManyLostPackets(
  hourly: readonly HourBucket[],
  packet: Packet,
  policy: PolicyView,
  devAddr: string | null,
): AlertDraft[] {
  const lost = windowSum(hourly, packet.date, policy.parameter('LAF-101', 'time_window'), 'PACKETS_LOST');
  if (lost <= policy.parameter('LAF-101', 'max_lost_packets')) return [];
  return [draftAlert({ code: 'LAF-101', packet, devAddr, parameters: { packets_lost: lost } })];
}
