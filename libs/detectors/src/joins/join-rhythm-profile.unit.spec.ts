import {
  assessJoinRhythm,
  emptyJoinRhythmProfile,
  GAP_PROFILE,
  LAST_FCOUNT_PROFILE,
  learnJoinRhythm,
  type JoinRhythmProfile,
} from './join-rhythm-profile';

const phi = (z: number) => Math.exp(-(z * z) / 2) / Math.sqrt(2 * Math.PI);

function learned(samples: Array<[gapSeconds: number, lastFCount: number | null]>): JoinRhythmProfile {
  return samples.reduce(
    (profile, [gap, fCount]) => learnJoinRhythm(profile, gap, fCount),
    emptyJoinRhythmProfile(),
  );
}

describe('join rhythm profile', () => {
  it('learns log gaps and the last FCnt before each join request (not the gap) in batches of 30', () => {
    const profile = learned(
      Array.from({ length: 30 }, (_v, i) => [3600 * (i % 2 === 0 ? 1.1 : 1 / 1.1), 100 + (i % 2)]),
    );
    expect(profile.logGaps.samples).toEqual([]);
    expect(profile.logGaps.fit?.mean).toBeCloseTo(Math.log(3600), 10);
    expect(profile.logGaps.fit?.variance).toBeCloseTo(Math.log(1.1) ** 2, 10);
    expect(profile.lastFCounts.fit).toEqual({ mean: 100.5, variance: LAST_FCOUNT_PROFILE.minVariance });
  });

  it('leaves retries (gaps of 30 s or less) out of both profiles', () => {
    expect(
      learned([
        [30, 5],
        [12, 5],
        [-4, 5],
      ]),
    ).toEqual(emptyJoinRhythmProfile());
    expect(learned([[31, 5]]).lastFCounts.samples).toEqual([5]);
  });

  it('learns the gap alone when the device has not sent data yet', () => {
    const profile = learned([[600, null]]);
    expect(profile.logGaps.samples).toEqual([Math.log(600)]);
    expect(profile.lastFCounts.samples).toEqual([]);
  });

  it('floors both spreads, so a perfectly regular device gets finite scores', () => {
    const profile = learned(Array.from({ length: 30 }, () => [3600, 100]));
    expect(profile.logGaps.fit?.variance).toBe(GAP_PROFILE.minVariance);
    const assessment = assessJoinRhythm(profile, 3599, 99);
    expect(assessment?.earlier).toBe(true);
    expect(Number.isFinite(assessment?.score)).toBe(true);
  });

  it('judges nothing until both profiles have a fit', () => {
    const gapsOnly = learned(Array.from({ length: 30 }, () => [3600, null]));
    expect(assessJoinRhythm(gapsOnly, 60, 1)).toBeNull();
  });

  it('scores √(φ(z_gap) · φ(z_fcnt)) and judges only joins sooner and after fewer uplinks than usual', () => {
    const profile: JoinRhythmProfile = {
      logGaps: { samples: [], fit: { mean: Math.log(3600), variance: 0.25 } },
      lastFCounts: { samples: [], fit: { mean: 100, variance: 100 } },
    };
    const assessment = assessJoinRhythm(profile, 1800, 90);
    expect(assessment).toEqual({
      medianGapSeconds: expect.closeTo(3600, 9) as number,
      meanLastFCount: 100,
      earlier: true,
      score: expect.closeTo(Math.sqrt(phi(Math.log(0.5) / 0.5) * phi(-1)), 12) as number,
    });
    expect(assessJoinRhythm(profile, 7200, 90)?.earlier).toBe(false);
    expect(assessJoinRhythm(profile, 1800, 120)?.earlier).toBe(false);
    expect(assessJoinRhythm(profile, 20, 0)?.earlier).toBe(false);
  });
});
