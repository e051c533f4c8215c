import { uplink } from '../statistics/testing/statistics-traffic';
import { seeded } from '../testing/seeded-shuffle';
import { epochMs } from '../time';
import { dataFrameOf } from './data-frame';
import { MAX_FRAME_AGE_SECONDS, trackFrame, type FrameTransmission } from './frame-transmissions';

const GATEWAYS = ['aa555a0000000101', 'aa555a0000000102', 'aa555a0000000103'];

/**
 * A device's traffic drawn from a seeded generator: new frames minutes to days apart (some gaps longer than the
 * age limit), copies and repeats of recent frames, and packets delivered late (dated before the latest one).
 */
function traffic(seed: number, count: number) {
  const random = seeded(seed);
  const packets = [];
  let at = 0;
  let fCnt = 0;
  for (let i = 0; i < count; i++) {
    const draw = random();
    if (draw < 0.1) at += 86_400 * (5 + Math.floor(random() * 30));
    else at += 30 + Math.floor(random() * 7200);
    const repeat = draw > 0.8 && fCnt > 0;
    if (!repeat) fCnt += 1;
    const late = random() < 0.1 ? Math.floor(random() * 3600) : 0;
    const frame = repeat ? fCnt - Math.floor(random() * 3) : fCnt;
    packets.push(uplink(Math.max(1, frame), { at: at - late, gateway: GATEWAYS[Math.floor(random() * 3)] }));
  }
  return packets;
}

describe('trackFrame: the frames kept, with and without the date no frame was last heard before', () => {
  it.each([1, 2, 3])('keeps the same frames either way over seeded traffic (seed %i)', (seed) => {
    // Given one device's traffic, tracked once passing back what each call returned and once without it
    let withBound: FrameTransmission[] = [];
    let heardSince: string | null = null;
    let withoutBound: FrameTransmission[] = [];
    let agedOut = 0;
    for (const packet of traffic(seed, 600)) {
      const frame = dataFrameOf(packet);
      if (frame === null) throw new Error('an uplink is a data frame');
      const fast = trackFrame(withBound, frame, packet, 2, heardSince);
      const plain = trackFrame(withoutBound, frame, packet, 2, null);
      // When each packet is in, then both keep the same frames, in the same state
      expect(fast.frames).toEqual(plain.frames);
      expect(fast.sighting).toEqual(plain.sighting);
      // and the date passed back is at or before every frame's last date
      const bound = epochMs(fast.heardSince);
      expect(fast.frames.every((t) => epochMs(t.lastDate) >= bound)).toBe(true);
      const limit = epochMs(packet.date) - MAX_FRAME_AGE_SECONDS * 1000;
      if (withoutBound.some((t) => epochMs(t.lastDate) < limit)) agedOut += 1;
      withBound = fast.frames;
      heardSince = fast.heardSince;
      withoutBound = plain.frames;
    }
    // The traffic made frames age out many times
    expect(agedOut).toBeGreaterThan(10);
  });
});
