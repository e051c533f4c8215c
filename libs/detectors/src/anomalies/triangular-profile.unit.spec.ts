import { emptyTriangularProfile, learnTriangular, median, triangularLikelihood } from './triangular-profile';

describe('triangular profile', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('scores 1 at the median, falling linearly to 0 at 0 and at twice the median', () => {
    expect(triangularLikelihood(60, 60)).toBe(1);
    expect(triangularLikelihood(60, 90)).toBe(0.5);
    expect(triangularLikelihood(60, 30)).toBe(0.5);
    expect(triangularLikelihood(60, 0)).toBe(0);
    expect(triangularLikelihood(60, 600)).toBe(0);
  });

  it('stays defined for a median of 0', () => {
    expect(triangularLikelihood(0, 0)).toBe(1);
    expect(triangularLikelihood(0, 5)).toBe(0);
    expect(triangularLikelihood(60, Number.NaN)).toBe(0);
  });

  it('learns the median of each batch blended with the previous one', () => {
    const settings = { refitEvery: 3, memory: 0.5 };
    let profile = emptyTriangularProfile();
    for (const x of [58, 62, 60]) profile = learnTriangular(profile, x, settings);
    expect(profile).toEqual({ samples: [], median: 60 });
    for (const x of [100, 80, 1000]) profile = learnTriangular(profile, x, settings);
    expect(profile).toEqual({ samples: [], median: 80 });
  });
});
