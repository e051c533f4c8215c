import type { AlertCode } from '@lorawatch/domain/alert-catalogue';
import type { Direction, Packet } from '@lorawatch/domain/packet';
import { epochMs, isBefore, SECONDS_PER_DAY, secondsApart } from '../time';
import { isSameFrame, type DataFrameFields } from './data-frame';

/**
 * Groups the data frames of one device into sends, and tells a replay from the repeats LoRaWAN allows.
 *
 * Identical bytes reach us in three innocent ways (docs/wire-formats.md §2.9):
 * - several gateways hear one send: copies from gateways that have not relayed this send yet, dated within the
 *   duplicate delay of the latest copy;
 * - a LoRaWAN 1.0.x device sends a frame again, unchanged, for NbTrans repetitions or an unacknowledged
 *   confirmed uplink: a new send of the frame, usually through the same gateway, seconds after the previous one;
 * - the network server sends one downlink through a gateway again (RX1 refused, then RX2), or through several
 *   gateways: copies within the duplicate delay of the first one.
 *
 * An uplink repeat that is not a gateway copy is a replay (LAF-004) as soon as one of these holds:
 * - the device had already moved on: another uplink frame (another counter or session address) is dated after
 *   the latest copy of this one and more than the duplicate delay before the repeat, since a device stops
 *   repeating a frame when it sends the next one, and gateway clocks may disagree by up to the delay;
 * - the repeat comes more than MAX_RETRANSMISSION_GAP_SECONDS after the latest copy;
 * - the frame would have been sent more than MAX_SENDS_PER_FRAME times.
 * A downlink repeat is a replay (LAF-005) when it comes later than the duplicate delay after the first copy.
 * A replay starts a new episode of the frame, so its own gateway copies are folded like the original's.
 */

/**
 * - 15 sends: NbTrans goes up to 15 and confirmed uplinks are retried fewer times than that in 1.0.x stacks.
 * - 600 s between two sends: in EU868 a device may have to wait about 99 times the airtime of a frame before
 *   using the same sub-band again (about 280 s for the longest SF12 frame); twice that leaves a margin.
 * - 128 frames and 30 days: the packet-log retention bounds what could be shown; older replays of a frame whose
 *   counter went backwards are still caught by LAF-007.
 * - snapshots of the 4 latest frames only, copies only while a repeat could still be a copy or a retransmission,
 *   and 16 copies per send.
 */
export const MAX_SENDS_PER_FRAME = 15;
export const MAX_RETRANSMISSION_GAP_SECONDS = 600;
export const MAX_TRACKED_FRAMES = 128;
export const MAX_FRAME_AGE_SECONDS = 30 * SECONDS_PER_DAY;
export const MAX_FRAME_SNAPSHOTS = 4;
export const MAX_COPIES_PER_FRAME = 16;

/** One gateway's copy; `send` is the number of the send it last relayed. */
export interface FrameCopy {
  gateway: string | null;
  packetId: string;
  send: number;
}

export interface FrameTransmission extends DataFrameFields {
  /** First copy of the current episode: the original send, or the latest replay. */
  packetId: string;
  date: string;
  /** Latest copy of any send of the episode. */
  lastDate: string;
  /** Sends recognised in the episode: 1 plus the retransmissions. */
  sends: number;
  /** Emptied once no repeat could be a copy or a retransmission any more. */
  copies: FrameCopy[];
  /** Snapshot of the first copy, for the most recent frames only (alert dialogs show it). */
  packet: Packet | null;
  /** Issue types already raised for this episode, so the copies through other gateways do not raise them again. */
  raised: AlertCode[];
}

export type ReplayEvidence = 'newer-frame' | 'late' | 'too-many-sends';

export type FrameSighting =
  | { kind: 'first' }
  /** The same network message delivered twice (same packet id). */
  | { kind: 'redelivery' }
  | { kind: 'gateway-copy' }
  /** A legitimate new send of the frame. */
  | { kind: 'retransmission'; sends: number }
  | { kind: 'replay'; previous: FrameTransmission; delaySeconds: number; evidence: ReplayEvidence };

/**
 * What the tracker remembers beside a device's frames so that a packet does not look through all of them (up to
 * MAX_TRACKED_FRAMES) when nothing there can concern it. Each is a bound, true of the frames it was returned with.
 */
export interface FrameBounds {
  /** No frame was last heard before this date: none can be past its age before the age limit passes it. */
  heardSince: string;
  /** The first `settled` frames hold no copies and no snapshot: nothing of them is left to drop. */
  settled: number;
  /** No uplink frame has a counter above `up`, no downlink frame above `down`: a higher one is a first sighting. */
  topCount: Record<Direction, number>;
}

export interface TrackedFrame {
  frames: FrameTransmission[];
  sighting: FrameSighting;
  /** What to pass back with `frames` at the next call (see `trackFrame`). */
  bounds: FrameBounds;
}

/**
 * Classifies a data frame packet and returns the updated list (oldest episode first). Inputs are not modified.
 * `known` is what the previous call returned with `frames` (FrameBounds); whatever is missing (states written before
 * it existed) is taken from the frames themselves. With it, a packet of a new frame is told apart without comparing
 * it with every frame, and only the frames that may still hold copies or a snapshot are looked through.
 */
export function trackFrame(
  frames: readonly FrameTransmission[],
  frame: DataFrameFields,
  packet: Packet,
  maxDuplicateDelaySeconds: number,
  known: Partial<FrameBounds> = {},
): TrackedFrame {
  // A counter above every tracked one of its direction is a new frame; otherwise the frames are looked through,
  // and their highest counters taken again on the way (they fall once the frames of an earlier session are gone).
  const { index, topCount } =
    known.topCount !== undefined && frame.fCount > known.topCount[frame.direction]
      ? { index: -1, topCount: known.topCount }
      : findFrame(frames, frame);
  const seen = index >= 0 ? frames[index] : undefined;
  const sighting =
    seen === undefined
      ? { kind: 'first' as const }
      : classify(seen, frames, packet, maxDuplicateDelaySeconds);
  const nextTop =
    frame.fCount > topCount[frame.direction] ? { ...topCount, [frame.direction]: frame.fCount } : topCount;

  if (sighting.kind === 'redelivery') {
    const bounds = {
      heardSince: known.heardSince ?? oldestLastDate(frames, packet.date),
      settled: known.settled ?? 0,
      topCount,
    };
    return { frames: [...frames], sighting, bounds };
  }
  let settled = Math.min(known.settled ?? 0, frames.length);
  let next: FrameTransmission[];
  if (seen === undefined || sighting.kind === 'first' || sighting.kind === 'replay') {
    const others = index < 0 ? frames : frames.filter((_t, i) => i !== index);
    next = [...others, newEpisode(frame, packet)];
    if (index >= 0 && index < settled) settled -= 1;
  } else {
    const send = sighting.kind === 'retransmission' ? sighting.sends : seen.sends;
    const updated: FrameTransmission = {
      ...seen,
      sends: send,
      lastDate: isBefore(seen.lastDate, packet.date) ? packet.date : seen.lastDate,
      copies: withCopy(seen.copies, { gateway: packet.gateway, packetId: packet.id, send }),
    };
    next = frames.map((t, i) => (i === index ? updated : t));
    settled = Math.min(settled, index);
  }
  const kept = bounded(next, packet.date, known.heardSince ?? null, settled);
  return {
    frames: kept.frames,
    sighting,
    bounds: { heardSince: kept.heardSince, settled: kept.settled, topCount: nextTop },
  };
}

/** Where `frame` is among the frames (-1 when it is not), and the highest counter of each direction (-1 for none). */
function findFrame(
  frames: readonly FrameTransmission[],
  frame: DataFrameFields,
): { index: number; topCount: Record<Direction, number> } {
  const topCount = { up: -1, down: -1 };
  let index = -1;
  for (let i = 0; i < frames.length; i++) {
    const t = frames[i];
    if (t.fCount > topCount[t.direction]) topCount[t.direction] = t.fCount;
    if (index < 0 && isSameFrame(t, frame)) index = i;
  }
  return { index, topCount };
}

/** Records that an issue type was raised for the packet's frame, so other copies of the episode stay quiet. */
export function markRaised(
  frames: readonly FrameTransmission[],
  frame: DataFrameFields,
  codes: readonly AlertCode[],
): FrameTransmission[] {
  if (codes.length === 0) return [...frames];
  return frames.map((t) =>
    isSameFrame(t, frame)
      ? { ...t, raised: [...t.raised, ...codes.filter((c) => !t.raised.includes(c))] }
      : t,
  );
}

export function raisedFor(
  frames: readonly FrameTransmission[],
  frame: DataFrameFields,
): readonly AlertCode[] {
  // From the newest: the frame of the packet just tracked is usually the last one (a frame is listed once).
  for (let i = frames.length - 1; i >= 0; i--) if (isSameFrame(frames[i], frame)) return frames[i].raised;
  return [];
}

function classify(
  known: FrameTransmission,
  frames: readonly FrameTransmission[],
  packet: Packet,
  maxDelay: number,
): FrameSighting {
  if (known.packetId === packet.id || known.copies.some((copy) => copy.packetId === packet.id)) {
    return { kind: 'redelivery' };
  }
  // A null gateway is unknown, not "the same gateway": without proof, a copy within the delay is not a replay.
  const relayedThisSend =
    packet.gateway !== null &&
    known.copies.some((copy) => copy.gateway === packet.gateway && copy.send === known.sends);
  const replay = (evidence: ReplayEvidence): FrameSighting => ({
    kind: 'replay',
    previous: known,
    delaySeconds: secondsApart(packet.date, known.date),
    evidence,
  });

  if (known.direction === 'down') {
    if (secondsApart(packet.date, known.date) > maxDelay) return replay('late');
    return relayedThisSend ? { kind: 'retransmission', sends: known.sends + 1 } : { kind: 'gateway-copy' };
  }

  const sinceLatestCopy = secondsApart(packet.date, known.lastDate);
  if (!relayedThisSend && sinceLatestCopy <= maxDelay) return { kind: 'gateway-copy' };
  if (deviceMovedOn(known, frames, packet, maxDelay)) return replay('newer-frame');
  if (sinceLatestCopy > MAX_RETRANSMISSION_GAP_SECONDS) return replay('late');
  const sends = known.sends + 1;
  if (sends > MAX_SENDS_PER_FRAME) return replay('too-many-sends');
  return { kind: 'retransmission', sends };
}

/** Another uplink frame sent after this one's latest copy and clearly before the repeat. */
function deviceMovedOn(
  known: FrameTransmission,
  frames: readonly FrameTransmission[],
  packet: Packet,
  maxDelay: number,
): boolean {
  const after = epochMs(known.lastDate);
  const before = epochMs(packet.date) - maxDelay * 1000;
  return frames.some(
    (other) =>
      other.direction === 'up' &&
      // Same counter, other MIC: a LoRaWAN 1.1 retransmission on another channel, not a next frame.
      !(other.devAddr === known.devAddr && other.fCount === known.fCount) &&
      epochMs(other.date) > after &&
      epochMs(other.date) < before,
  );
}

function newEpisode(frame: DataFrameFields, packet: Packet): FrameTransmission {
  return {
    direction: frame.direction,
    devAddr: frame.devAddr,
    fCount: frame.fCount,
    mic: frame.mic,
    packetId: packet.id,
    date: packet.date,
    lastDate: packet.date,
    sends: 1,
    copies: [{ gateway: packet.gateway, packetId: packet.id, send: 1 }],
    packet,
    raised: [],
  };
}

function withCopy(copies: readonly FrameCopy[], copy: FrameCopy): FrameCopy[] {
  const index = copy.gateway === null ? -1 : copies.findIndex((c) => c.gateway === copy.gateway);
  if (index >= 0) return copies.map((c, i) => (i === index ? copy : c));
  // Past the cap, further gateways are still recognised as copies: they are not listed for this send.
  return copies.length >= MAX_COPIES_PER_FRAME ? [...copies] : [...copies, copy];
}

/**
 * The frames kept once `now`'s packet is in: none last heard more than MAX_FRAME_AGE_SECONDS before it, the
 * MAX_TRACKED_FRAMES latest, copies only while a repeat could still be one, snapshots of the latest few only. With a
 * known `heardSince` (no frame last heard before it) not behind the age limit, no frame can be past its age and the
 * list is not looked through for that; the first `settled` frames hold neither copies nor a snapshot and are not
 * looked at either (this runs on every packet of a session, over every frame it tracks).
 */
function bounded(
  frames: FrameTransmission[],
  now: string,
  heardSince: string | null,
  settled: number,
): { frames: FrameTransmission[]; heardSince: string; settled: number } {
  const nowMs = epochMs(now);
  // The last dates are compared with these two instants as text (isBefore), not read.
  const tooOld = new Date(nowMs - MAX_FRAME_AGE_SECONDS * 1000).toISOString();
  const copiesExpire = new Date(nowMs - MAX_RETRANSMISSION_GAP_SECONDS * 1000).toISOString();
  let young = frames;
  let since: string;
  let from = settled;
  if (heardSince === null || isBefore(heardSince, tooOld)) {
    young = frames.filter((t) => !isBefore(t.lastDate, tooOld));
    since = oldestLastDate(young, now);
    from = 0;
  } else {
    // Every frame but the one this packet added or heard again was kept by the previous call, so none is past its
    // age; the packet's own date may be earlier than the bound (a late packet).
    since = isBefore(now, heardSince) ? now : heardSince;
  }
  // The MAX_TRACKED_FRAMES latest, changed in place (`frames` is this call's own array).
  const first = Math.max(0, young.length - MAX_TRACKED_FRAMES);
  const snapshotsFrom = young.length - MAX_FRAME_SNAPSHOTS;
  // The first frame, from where the loop starts, still holding copies or a snapshot once it has run.
  let holding = young.length;
  for (let i = Math.max(first, from); i < young.length; i++) {
    const t = young[i];
    const dropCopies = t.copies.length > 0 && isBefore(t.lastDate, copiesExpire);
    const dropSnapshot = i < snapshotsFrom && t.packet !== null;
    if (dropCopies || dropSnapshot)
      young[i] = { ...t, copies: dropCopies ? [] : t.copies, packet: dropSnapshot ? null : t.packet };
    if (holding === young.length && (young[i].copies.length > 0 || young[i].packet !== null)) holding = i;
  }
  return {
    frames: first === 0 ? young : young.slice(first),
    heardSince: since,
    settled: Math.max(0, holding - first),
  };
}

/** The earliest last date of the frames, `now` when there are none. */
function oldestLastDate(frames: readonly FrameTransmission[], now: string): string {
  let oldest = now;
  for (const t of frames) if (isBefore(t.lastDate, oldest)) oldest = t.lastDate;
  return oldest;
}
