import { dataUpAt, GW_A, GW_B } from '../joins/testing/device-frames';
import { orderFrame, TMST_MODULUS } from './message-steps';
import { profiledFrame } from './session-profile';

const frame = (seconds: number, fCnt: number, tmst: number | null, gateway = GW_A) => {
  const packet = dataUpAt(seconds, fCnt, { confirmed: true, tmst, gateway });
  return { ...packet, fCount: fCnt };
};

describe('steps between two confirmed uplinks', () => {
  it('measures time per counter step with the concentrator counter of the same gateway', () => {
    const previous = profiledFrame(frame(0, 10, 5_000_000));
    expect(orderFrame(previous, frame(121, 12, 125_000_000))).toEqual({
      kind: 'next',
      steps: { cdiff: 2, tdiff: 60 },
    });
  });

  it('steps over the 16-bit counter rollover and the 32-bit concentrator wrap', () => {
    const previous = profiledFrame(frame(0, 65535, TMST_MODULUS - 1_000_000));
    expect(orderFrame(previous, frame(3, 1, 2_000_000))).toEqual({
      kind: 'next',
      steps: { cdiff: 2, tdiff: 1.5 },
    });
  });

  it('uses the packet dates when the counter is missing or belongs to another gateway', () => {
    const previous = profiledFrame(frame(0, 10, 5_000_000));
    expect(orderFrame(previous, frame(30, 11, null))).toEqual({
      kind: 'next',
      steps: { cdiff: 1, tdiff: 30 },
    });
    expect(orderFrame(previous, frame(30, 11, 999, GW_B))).toEqual({
      kind: 'next',
      steps: { cdiff: 1, tdiff: 30 },
    });
  });

  it('uses the packet dates when the concentrator counter may have wrapped more than once', () => {
    const previous = profiledFrame(frame(0, 10, 5_000_000));
    // Two hours later the counter has turned around once and shows only the remainder.
    const later = frame(7200, 11, (5_000_000 + 7200 * 1e6) % TMST_MODULUS);
    expect(orderFrame(previous, later)).toEqual({ kind: 'next', steps: { cdiff: 1, tdiff: 7200 } });
  });

  it('recognises the same frame again, and an older frame delivered late', () => {
    const previous = profiledFrame(frame(100, 10, null));
    expect(orderFrame(previous, frame(100.2, 10, null, GW_B))).toEqual({ kind: 'same' });
    expect(orderFrame(previous, frame(40, 9, null))).toEqual({ kind: 'late' });
  });

  it('scores a counter that restarted (dated later) as the big step it is', () => {
    const previous = profiledFrame(frame(0, 40000, null));
    expect(orderFrame(previous, frame(60, 1, null))).toEqual({
      kind: 'next',
      steps: { cdiff: 25537, tdiff: 60 / 25537 },
    });
  });
});
