import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import type { FrameSighting } from './frame-transmissions';

/** What LAF-004 and LAF-005 read: the frame tracker's verdict on the packet. */
export interface DataFrameReplayedInput {
  packet: Packet;
  sighting: FrameSighting | null;
  devAddr: string | null;
}

/** The alert both replay codes raise, pointing at the first copy of the episode the packet repeats. */
export function replayAlert(code: 'LAF-004' | 'LAF-005', input: DataFrameReplayedInput): AlertDraft[] {
  const { packet, sighting } = input;
  if (sighting?.kind !== 'replay') return [];
  const previous = sighting.previous;
  if ((previous.direction === 'up') !== (code === 'LAF-004')) return [];
  return [
    draftAlert({
      code,
      packet,
      devAddr: input.devAddr,
      prevPacket: previous.packet,
      parameters: {
        counter: previous.fCount,
        prev_packet_id: previous.packetId,
        prev_packet_date: previous.date,
        // Millisecond precision, as packet dates carry.
        delay: Math.round(sighting.delaySeconds * 1000) / 1000,
        replay_evidence: sighting.evidence,
      },
    }),
  ];
}
