import { downlink, uplink } from '../statistics/testing/statistics-traffic';
import { seeded } from '../testing/seeded-shuffle';
import { epochMs } from '../time';
import { dataFrameOf } from './data-frame';
import {
  MAX_FRAME_AGE_SECONDS,
  trackFrame,
  type FrameBounds,
  type FrameTransmission,
} from './frame-transmissions';

const GATEWAYS = ['aa555a0000000101', 'aa555a0000000102', 'aa555a0000000103'];
const SESSIONS = ['26011f01', '26011f02'];

/**
 * A device's traffic drawn from a seeded generator: new frames minutes to days apart (some gaps longer than the
 * age limit), copies through other gateways within a second, repeats of recent frames, downlinks, packets delivered
 * late (dated before the latest one), late resends of older frames, and now and then a new session whose counters start again from 1.
 */
function traffic(seed: number, count: number) {
  const random = seeded(seed);
  const packets = [];
  let at = 0;
  let fCnt = 0;
  let fCntDown = 0;
  let session = 0;
  /** When each frame of the current session was first sent. */
  const sent = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const draw = random();
    if (draw < 0.1) at += 86_400 * (5 + Math.floor(random() * 30));
    else if (draw < 0.25) at += 0.3;
    else at += 30 + Math.floor(random() * 7200);
    if (random() < 0.02) {
      session = 1 - session;
      fCnt = 0;
      fCntDown = 0;
      sent.clear();
    }
    const late = random() < 0.1 ? Math.floor(random() * 3600) : 0;
    const fields = { at: at - late, gateway: GATEWAYS[Math.floor(random() * 3)], devAddr: SESSIONS[session] };
    const older = fCnt - 5 - Math.floor(random() * 10);
    if (random() < 0.05 && sent.has(older)) {
      // A resend of an older frame delivered late: dated a minute after that frame, long after its copies expired.
      packets.push(uplink(older, { ...fields, at: (sent.get(older) ?? 0) + 60 }));
      continue;
    }
    if (random() < 0.15) {
      fCntDown += 1;
      packets.push(downlink(fCntDown, fields));
      continue;
    }
    const repeat = (draw > 0.8 || draw < 0.25) && fCnt > 0;
    if (!repeat) {
      fCnt += 1;
      sent.set(fCnt, fields.at);
    }
    const frame = repeat && draw > 0.8 ? fCnt - Math.floor(random() * 3) : fCnt;
    packets.push(uplink(Math.max(1, frame), fields));
  }
  return packets;
}

describe('trackFrame: the frames kept, with and without the bounds it passes back', () => {
  it.each([1, 2, 3, 4])('keeps the same frames either way over seeded traffic (seed %i)', (seed) => {
    // Given one device's traffic, tracked once passing back the bounds each call returned and once without them
    let withBounds: FrameTransmission[] = [];
    let bounds: Partial<FrameBounds> = {};
    let withoutBounds: FrameTransmission[] = [];
    const seen = { agedOut: 0, skipped: 0, few: 0, sessions: new Set<string>(), down: 0 };
    for (const packet of traffic(seed, 1500)) {
      const frame = dataFrameOf(packet);
      if (frame === null) throw new Error('a data frame was drawn');
      const fast = trackFrame(withBounds, frame, packet, 2, bounds);
      const plain = trackFrame(withoutBounds, frame, packet, 2);
      // When each packet is in, then both keep the same frames, in the same state, and say the same of it
      expect(fast.frames).toEqual(plain.frames);
      expect(fast.sighting).toEqual(plain.sighting);
      // and each bound passed back holds of the frames: no frame last heard before `heardSince`,
      const since = epochMs(fast.bounds.heardSince);
      expect(fast.frames.every((t) => epochMs(t.lastDate) >= since)).toBe(true);
      // none of the first `settled` holding copies or a snapshot,
      const { settled, topCount } = fast.bounds;
      expect(fast.frames.slice(0, settled).every((t) => t.copies.length === 0 && t.packet === null)).toBe(
        true,
      );
      // no counter above `topCount` in its direction
      expect(fast.frames.every((t) => t.fCount <= topCount[t.direction])).toBe(true);
      const limit = epochMs(packet.date) - MAX_FRAME_AGE_SECONDS * 1000;
      if (withoutBounds.some((t) => epochMs(t.lastDate) < limit)) seen.agedOut += 1;
      if (bounds.topCount !== undefined && frame.fCount > bounds.topCount[frame.direction]) seen.skipped += 1;
      if (fast.frames.length > 16 && fast.frames.length - settled <= 8) seen.few += 1;
      seen.sessions.add(frame.devAddr);
      if (frame.direction === 'down') seen.down += 1;
      withBounds = fast.frames;
      bounds = fast.bounds;
      withoutBounds = plain.frames;
    }
    // The traffic made frames age out many times, went through both sessions and both directions, and the bounds
    // spared comparing most new frames with the others, and looking through most of the kept ones
    expect(seen.agedOut).toBeGreaterThan(10);
    expect(seen.sessions.size).toBe(2);
    expect(seen.down).toBeGreaterThan(50);
    expect(seen.skipped).toBeGreaterThan(300);
    expect(seen.few).toBeGreaterThan(200);
  });
});
