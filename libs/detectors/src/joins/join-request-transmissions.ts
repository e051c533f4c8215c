import type { Packet } from '@lorawatch/domain/packet';
import { epochMs, SECONDS_PER_DAY, secondsApart } from '../time';

/**
 * Groups the join requests of one device into radio transmissions. One transmission heard by N gateways reaches
 * us as N packets with identical bytes; LAF-001 and LAF-003 must count it once. A join request has no field that
 * changes between sends, so identical bytes mean identical (JoinEUI, DevNonce, MIC) within a device
 * (docs/wire-formats.md §2.5, §2.9).
 */

/** One gateway's copy of a transmission. */
export interface JoinRequestCopy {
  gateway: string | null;
  packetId: string;
}

/** The latest transmission of one distinct join request. */
export interface JoinRequestTransmission {
  joinEui: string | null;
  devNonce: number;
  mic: string;
  /** First copy received of the latest transmission. */
  packetId: string;
  date: string;
  /** Copies of the latest transmission; emptied once it is older than any allowed duplicate delay. */
  copies: JoinRequestCopy[];
  /** Snapshot of the first copy, kept for the most recent transmissions only (alert dialogs show it). */
  packet: Packet | null;
}

/** How a join request packet relates to what the device sent before. */
export type JoinRequestSighting =
  | { kind: 'first' }
  /** Another gateway's copy of a transmission within the duplicate delay. */
  | { kind: 'gateway-copy'; transmission: JoinRequestTransmission }
  /** The same network message delivered twice (same packet id). */
  | { kind: 'redelivery'; transmission: JoinRequestTransmission }
  /** Identical bytes sent again: same gateway twice, or later than the duplicate delay. */
  | { kind: 'replay'; previous: JoinRequestTransmission; delaySeconds: number };

/**
 * Limits that keep the per-device state small:
 * - 128 distinct join requests: a device obeying the join back-off sends a few dozen a day at worst, so this
 *   spans days for a device stuck joining and months for a healthy one;
 * - 30 days, the packet-log retention: older ids could not be shown anyway;
 * - copies are only needed within the largest duplicate delay the policy allows (LAF-003 maximum, 300 s);
 * - full snapshots for the 4 latest transmissions only, since replays usually reuse a recent capture;
 * - 16 copies per transmission: more gateways than that hearing one frame is rare, and extra copies within the
 *   delay are still recognised as copies because they come from gateways not yet listed.
 */
export const MAX_TRACKED_JOIN_REQUESTS = 128;
export const MAX_JOIN_REQUEST_AGE_SECONDS = 30 * SECONDS_PER_DAY;
export const COPY_WINDOW_SECONDS = 300;
export const MAX_JOIN_REQUEST_SNAPSHOTS = 4;
export const MAX_COPIES_PER_TRANSMISSION = 16;

export interface TrackedJoinRequest {
  transmissions: JoinRequestTransmission[];
  sighting: JoinRequestSighting;
}

/** Classifies a join request packet and returns the updated list (oldest first). Pure: inputs are not modified. */
export function trackJoinRequest(
  transmissions: readonly JoinRequestTransmission[],
  packet: Packet,
  maxDuplicateDelaySeconds: number,
): TrackedJoinRequest {
  if (packet.devNonce === null) throw new RangeError(`join request ${packet.id} has no DevNonce`);
  const index = transmissions.findIndex(
    (t) => t.devNonce === packet.devNonce && t.mic === packet.mic && t.joinEui === packet.joinEui,
  );
  const known = index >= 0 ? transmissions[index] : undefined;
  const sighting = classify(known, packet, maxDuplicateDelaySeconds);

  let next: JoinRequestTransmission[];
  if (sighting.kind === 'redelivery') {
    return { transmissions: [...transmissions], sighting };
  } else if (sighting.kind === 'gateway-copy') {
    const copies =
      known === undefined || known.copies.length >= MAX_COPIES_PER_TRANSMISSION
        ? (known?.copies ?? [])
        : [...known.copies, { gateway: packet.gateway, packetId: packet.id }];
    next = transmissions.map((t, i) => (i === index ? { ...t, copies } : t));
  } else {
    // A new transmission: it becomes the latest one of these bytes and moves to the end.
    const fresh: JoinRequestTransmission = {
      joinEui: packet.joinEui,
      devNonce: packet.devNonce,
      mic: packet.mic,
      packetId: packet.id,
      date: packet.date,
      copies: [{ gateway: packet.gateway, packetId: packet.id }],
      packet,
    };
    next = [...transmissions.filter((_t, i) => i !== index), fresh];
  }
  return { transmissions: bounded(next, packet.date), sighting };
}

function classify(
  known: JoinRequestTransmission | undefined,
  packet: Packet,
  maxDuplicateDelaySeconds: number,
): JoinRequestSighting {
  if (known === undefined) return { kind: 'first' };
  if (known.packetId === packet.id || known.copies.some((copy) => copy.packetId === packet.id)) {
    return { kind: 'redelivery', transmission: known };
  }
  const delaySeconds = secondsApart(packet.date, known.date);
  // A null gateway is unknown, not "the same gateway": without proof, a copy within the delay is not a replay.
  const sameGateway = packet.gateway !== null && known.copies.some((copy) => copy.gateway === packet.gateway);
  if (delaySeconds <= maxDuplicateDelaySeconds && !sameGateway)
    return { kind: 'gateway-copy', transmission: known };
  return { kind: 'replay', previous: known, delaySeconds };
}

function bounded(transmissions: JoinRequestTransmission[], now: string): JoinRequestTransmission[] {
  const nowMs = epochMs(now);
  const recent = transmissions
    .filter((t) => nowMs - epochMs(t.date) <= MAX_JOIN_REQUEST_AGE_SECONDS * 1000)
    .slice(-MAX_TRACKED_JOIN_REQUESTS);
  const snapshotsFrom = recent.length - MAX_JOIN_REQUEST_SNAPSHOTS;
  return recent.map((t, i) => {
    const copiesExpired = nowMs - epochMs(t.date) > COPY_WINDOW_SECONDS * 1000;
    const dropSnapshot = i < snapshotsFrom;
    if (!(copiesExpired && t.copies.length > 0) && !(dropSnapshot && t.packet !== null)) return t;
    return { ...t, copies: copiesExpired ? [] : t.copies, packet: dropSnapshot ? null : t.packet };
  });
}

/** The stored snapshot of a packet, if it is still one of the retained first copies. */
export function joinRequestSnapshot(
  transmissions: readonly JoinRequestTransmission[],
  packetId: string,
): Packet | null {
  return transmissions.find((t) => t.packetId === packetId)?.packet ?? null;
}
