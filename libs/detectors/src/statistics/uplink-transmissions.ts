import type { Packet } from '@lorawatch/domain/packet';
import { epochMs, secondsApart } from '../time';

/**
 * Tells apart, for the data uplinks of one device (docs/alert-catalogue.md §2.7): a new frame, another gateway's copy of a
 * frame already counted (a "repeat"), the device sending a counted frame again (a "retransmission": the same
 * gateway reports the same FCnt twice) and the same network message delivered twice (same packet id).
 */
export interface GatewayCopy {
  gateway: string | null;
  packetId: string;
  /** Which sending of the frame it is a copy of: 1 for the first, 2 for the first retransmission... */
  sending: number;
}

export interface UplinkTransmission {
  devAddr: string | null;
  /** The 16-bit counter on the air. */
  fCount: number;
  /** Earliest date among its copies: gateway clocks differ slightly. */
  date: string;
  /** How many times the device sent it. */
  sendings: number;
  /** The latest copies, of every sending. */
  copies: GatewayCopy[];
}

/** A frame counter that moved by more than this, or went back, means a new session (docs/alert-catalogue.md §2.7). */
export const MAX_COUNTER_GAP = 64;
const FCNT_MODULUS = 65536;
/**
 * Recent frames are kept so that a copy arriving late, after the device's next frame, is still known as a copy
 * instead of looking like a counter that went back. Copies come within seconds; five minutes covers slow
 * backhauls, like the join request copy window.
 */
export const RECENT_UPLINKS = 8;
export const LATE_COPY_SECONDS = 300;
/** Copies kept per frame: more gateways than this hearing one frame is rare, and older copies matter less. */
export const MAX_COPIES_PER_UPLINK = 16;

export type UplinkSighting =
  | { kind: 'redelivery' }
  | { kind: 'repeat'; index: number }
  | { kind: 'retransmission'; index: number }
  /** `gap`: frames since the latest counted one, or null when there is no baseline in this session. */
  | { kind: 'new'; gap: number | null };

/** Frames the counter skipped, modulo 2^16: 65535 → 0 is a step of one, not a restart. */
export function counterGap(previous: number, current: number): number {
  return (((current - previous) % FCNT_MODULUS) + FCNT_MODULUS) % FCNT_MODULUS;
}

export function continuesSession(gap: number | null): gap is number {
  return gap !== null && gap >= 1 && gap <= MAX_COUNTER_GAP;
}

export function classifyUplink(
  recent: readonly UplinkTransmission[],
  packet: Packet,
  fCount: number,
  devAddr: string | null,
): UplinkSighting {
  const latestIndex = recent.length - 1;
  for (let index = latestIndex; index >= 0; index--) {
    const transmission = recent[index];
    if (transmission.fCount !== fCount || transmission.devAddr !== devAddr) continue;
    if (transmission.copies.some((copy) => copy.packetId === packet.id)) return { kind: 'redelivery' };
    // A null gateway is unknown, not "the same gateway": without proof it is taken as a copy.
    const sameGateway =
      packet.gateway !== null &&
      transmission.copies.some(
        (copy) => copy.sending === transmission.sendings && copy.gateway === packet.gateway,
      );
    if (index === latestIndex)
      return sameGateway ? { kind: 'retransmission', index } : { kind: 'repeat', index };
    // An older frame: only a late copy is recognised; anything else is judged by the counter.
    if (!sameGateway && secondsApart(packet.date, transmission.date) <= LATE_COPY_SECONDS) {
      return { kind: 'repeat', index };
    }
  }
  const latest = recent[latestIndex];
  if (latest === undefined || latest.devAddr !== devAddr) return { kind: 'new', gap: null };
  return { kind: 'new', gap: counterGap(latest.fCount, fCount) };
}

/** Adds a copy to a frame already counted; `resent` is set when the device sent the frame again. */
export function addCopy(
  recent: readonly UplinkTransmission[],
  index: number,
  packet: Packet,
  resent: boolean,
): UplinkTransmission[] {
  return recent.map((transmission, i) => {
    if (i !== index) return transmission;
    const sendings = transmission.sendings + (resent ? 1 : 0);
    const copies = [
      ...transmission.copies,
      { gateway: packet.gateway, packetId: packet.id, sending: sendings },
    ];
    // The period is measured from the first sending, so a retransmission does not move the frame's date.
    const date =
      !resent && epochMs(packet.date) < epochMs(transmission.date) ? packet.date : transmission.date;
    return { ...transmission, date, sendings, copies: copies.slice(-MAX_COPIES_PER_UPLINK) };
  });
}

/** Records a new frame as the latest; a frame that starts a new session forgets the old session's frames. */
export function addTransmission(
  recent: readonly UplinkTransmission[],
  packet: Packet,
  fCount: number,
  devAddr: string | null,
  newSession: boolean,
): UplinkTransmission[] {
  const transmission: UplinkTransmission = {
    devAddr,
    fCount,
    date: packet.date,
    sendings: 1,
    copies: [{ gateway: packet.gateway, packetId: packet.id, sending: 1 }],
  };
  return [...(newSession ? [] : recent), transmission].slice(-RECENT_UPLINKS);
}
