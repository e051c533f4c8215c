import type { Packet } from '@lorawatch/domain/packet';
import { epochMs, secondsApart } from '../time';

/**
 * Tells a new join request transmission from the copies other gateways relay of the same one. A join request has
 * no field that changes between sends, and a device draws a new DevNonce for every attempt, so the same DevNonce
 * and MIC heard by another gateway a few seconds apart is one radio transmission. LAF-404 and LAF-501 count
 * transmissions: a device near three gateways must not fail three times as fast.
 */

/** Copies from different gateways within this many seconds are one transmission (LAF-003's default delay). */
export const GATEWAY_COPY_WINDOW_SECONDS = 10;
/** Join requests older than the window are forgotten; a handful covers a device retrying as fast as allowed. */
export const MAX_RECENT_JOIN_REQUESTS = 8;
export const MAX_COPIES_PER_JOIN_REQUEST = 16;

export interface JoinRequestCopy {
  gateway: string | null;
  packetId: string;
}

export interface RecentJoinRequest {
  devNonce: number;
  mic: string;
  /** Date of the first copy. */
  date: string;
  copies: JoinRequestCopy[];
}

/** `copy`: another gateway relayed a transmission already counted; `redelivery`: the same packet again. */
export type JoinRequestKind = 'transmission' | 'copy' | 'redelivery';

export interface HeardJoinRequest {
  kind: JoinRequestKind;
  recent: RecentJoinRequest[];
}

export function hearJoinRequest(recent: readonly RecentJoinRequest[], packet: Packet): HeardJoinRequest {
  const devNonce = packet.devNonce;
  if (devNonce === null) return { kind: 'transmission', recent: withinWindow(recent, packet.date) };
  const index = recent.findIndex((r) => r.devNonce === devNonce && r.mic === packet.mic);
  const known = index >= 0 ? recent[index] : undefined;

  if (known?.copies.some((copy) => copy.packetId === packet.id))
    return { kind: 'redelivery', recent: [...recent] };
  // A null gateway is unknown rather than "the same gateway", so it does not prove a second transmission.
  const sameGateway =
    packet.gateway !== null && known?.copies.some((copy) => copy.gateway === packet.gateway);
  if (
    known !== undefined &&
    !sameGateway &&
    secondsApart(known.date, packet.date) <= GATEWAY_COPY_WINDOW_SECONDS
  ) {
    const copies =
      known.copies.length >= MAX_COPIES_PER_JOIN_REQUEST
        ? known.copies
        : [...known.copies, { gateway: packet.gateway, packetId: packet.id }];
    return { kind: 'copy', recent: recent.map((r, i) => (i === index ? { ...r, copies } : r)) };
  }
  const heard: RecentJoinRequest = {
    devNonce,
    mic: packet.mic,
    date: packet.date,
    copies: [{ gateway: packet.gateway, packetId: packet.id }],
  };
  return {
    kind: 'transmission',
    recent: withinWindow([...recent.filter((_r, i) => i !== index), heard], packet.date),
  };
}

function withinWindow(recent: readonly RecentJoinRequest[], now: string): RecentJoinRequest[] {
  const nowMs = epochMs(now);
  return recent
    .filter((r) => nowMs - epochMs(r.date) <= GATEWAY_COPY_WINDOW_SECONDS * 1000)
    .slice(-MAX_RECENT_JOIN_REQUESTS);
}
