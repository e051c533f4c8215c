import type { Packet } from '@lorawatch/domain/packet';
import { secondsApart } from '../time';

/**
 * Counts each join request the device sent once, however many gateways heard it. Identical bytes within a few
 * minutes from a gateway that has not reported them yet are a copy; from the same gateway, or later, the device
 * (or someone replaying it) sent them again, which counts as a new request.
 */
export interface JoinRequestSeen {
  devNonce: number | null;
  mic: string;
  date: string;
  copies: Array<{ gateway: string | null; packetId: string }>;
}

export const RECENT_JOIN_REQUESTS = 4;
export const JOIN_REQUEST_COPY_SECONDS = 300;
const MAX_COPIES = 16;

export type JoinRequestSighting = 'redelivery' | 'copy' | 'new';

export interface TrackedJoinRequests {
  recent: JoinRequestSeen[];
  sighting: JoinRequestSighting;
}

export function trackJoinRequestCopies(
  recent: readonly JoinRequestSeen[],
  packet: Packet,
): TrackedJoinRequests {
  const index = recent.findIndex((seen) => seen.devNonce === packet.devNonce && seen.mic === packet.mic);
  const known = recent[index];
  const copy = { gateway: packet.gateway, packetId: packet.id };
  if (known !== undefined) {
    if (known.copies.some((c) => c.packetId === packet.id))
      return { recent: [...recent], sighting: 'redelivery' };
    const sameGateway = packet.gateway !== null && known.copies.some((c) => c.gateway === packet.gateway);
    if (!sameGateway && secondsApart(packet.date, known.date) <= JOIN_REQUEST_COPY_SECONDS) {
      const copies = [...known.copies, copy].slice(-MAX_COPIES);
      return {
        recent: recent.map((seen, i) => (i === index ? { ...seen, copies } : seen)),
        sighting: 'copy',
      };
    }
  }
  const fresh: JoinRequestSeen = {
    devNonce: packet.devNonce,
    mic: packet.mic,
    date: packet.date,
    copies: [copy],
  };
  const others = recent.filter((_seen, i) => i !== index);
  return { recent: [...others, fresh].slice(-RECENT_JOIN_REQUESTS), sighting: 'new' };
}
