import type { Packet } from '@lorawatch/domain/packet';
import { epochMs } from '../time';

/**
 * How far a confirmed uplink is from the previous one of its session: counter steps, and seconds per step
 * (docs/alert-catalogue.md LAF-503). Dividing by the steps makes a device that lost a few frames look as regular as it is.
 */

/** The last profiled frame of a session. */
export interface ProfiledFrame {
  fCount: number;
  date: string;
  tmst: number | null;
  gateway: string | null;
  /** Gateways that relayed this frame so far, to recognise further copies. */
  gateways: string[];
}

export interface MessageSteps {
  /** (FCnt − previous FCnt) mod 2^16, 1..65535: a 16-bit counter rolling over still steps forward. */
  cdiff: number;
  /** Seconds per counter step. */
  tdiff: number;
}

export const FCNT_MODULUS = 2 ** 16;
export const TMST_MODULUS = 2 ** 32;
const MICROSECONDS = 1e6;

/** The frame compared with the previous one: the same frame again, an older one arriving late, or a new one. */
export type FrameOrder = { kind: 'same' } | { kind: 'late' } | { kind: 'next'; steps: MessageSteps };

export function orderFrame(previous: ProfiledFrame, packet: Packet & { fCount: number }): FrameOrder {
  const cdiff = (((packet.fCount - previous.fCount) % FCNT_MODULUS) + FCNT_MODULUS) % FCNT_MODULUS;
  if (cdiff === 0) return { kind: 'same' };
  // A step of more than half the counter space dated before the previous frame is an old frame delivered late,
  // not 60 000 lost frames; a counter that really restarted is dated later and is scored as the jump it is.
  const elapsedMs = epochMs(packet.date) - epochMs(previous.date);
  if (cdiff > FCNT_MODULUS / 2 && elapsedMs < 0) return { kind: 'late' };
  return { kind: 'next', steps: { cdiff, tdiff: elapsedSeconds(previous, packet, elapsedMs) / cdiff } };
}

/**
 * The concentrator counter is precise to the microsecond but means something only between two frames heard by
 * the same gateway (each concentrator counts on its own), and only within one turn of its 32-bit range (about
 * 71.6 minutes). Otherwise the packet dates are the measure.
 */
function elapsedSeconds(previous: ProfiledFrame, packet: Packet, elapsedMs: number): number {
  const { tmst } = packet;
  const withinOneTurn = elapsedMs < (TMST_MODULUS / MICROSECONDS) * 1000;
  if (tmst !== null && previous.tmst !== null && previous.gateway === packet.gateway && withinOneTurn) {
    const ticks = (((tmst - previous.tmst) % TMST_MODULUS) + TMST_MODULUS) % TMST_MODULUS;
    return ticks / MICROSECONDS;
  }
  return Math.max(0, elapsedMs / 1000);
}
