import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import { draftAlert } from '../alert-draft';
import { windowSum, type HourBucket } from './hourly-window';

/**
 * LAF-103: too many retransmissions within the policy's time window (hours). Checked when a retransmission adds to
 * the counter, so a quiet device does not keep re-alerting on old history.
 */
export function detectManyRetransmissions(
  hourly: readonly HourBucket[],
  packet: Packet,
  policy: PolicyView,
  devAddr: string | null,
): AlertDraft[] {
  const resent = windowSum(
    hourly,
    packet.date,
    policy.parameter('LAF-103', 'time_window'),
    'RETRANSMISSIONS',
  );
  if (resent <= policy.parameter('LAF-103', 'max_retransmissions')) return [];
  return [draftAlert({ code: 'LAF-103', packet, devAddr, parameters: { retransmissions: resent } })];
}
