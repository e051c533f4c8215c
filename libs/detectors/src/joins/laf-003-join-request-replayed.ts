import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import type { JoinRequestSighting } from './join-request-transmissions';

/**
 * LAF-003: a join request identical to an earlier one came back: heard twice by the same gateway, or later than
 * the duplicate delay (docs/wire-formats.md §2.9). The transmission tracker has already folded gateway copies together,
 * so each replayed transmission gives one alert, whatever the number of gateways relaying it.
 */
export interface JoinRequestReplayedInput {
  packet: Packet;
  sighting: JoinRequestSighting | null;
  devAddr: string | null;
}

export function detectJoinRequestReplayed(input: JoinRequestReplayedInput): AlertDraft[] {
  const { packet, sighting } = input;
  if (sighting?.kind !== 'replay') return [];
  const previous = sighting.previous;
  return [
    draftAlert({
      code: 'LAF-003',
      packet,
      devAddr: input.devAddr,
      prevPacket: previous.packet,
      parameters: {
        dev_nonce: previous.devNonce,
        prev_packet_id: previous.packetId,
        prev_packet_date: previous.date,
        // Millisecond precision, as packet dates carry.
        delay: Math.round(sighting.delaySeconds * 1000) / 1000,
      },
    }),
  ];
}
