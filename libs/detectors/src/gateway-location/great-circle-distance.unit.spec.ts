import { EARTH_RADIUS_METRES, greatCircleMetres, reportedPosition } from './great-circle-distance';

describe('great-circle distance', () => {
  it('measures one degree of longitude on the equator as 1/360 of the circumference', () => {
    const metres = greatCircleMetres({ latitude: 0, longitude: 10 }, { latitude: 0, longitude: 11 });
    expect(metres).toBeCloseTo((2 * Math.PI * EARTH_RADIUS_METRES) / 360, 3);
    expect(metres).toBeCloseTo(111319.491, 2);
  });

  it('shrinks longitude with the cosine of the latitude', () => {
    const at60 = greatCircleMetres({ latitude: 60, longitude: 10 }, { latitude: 60, longitude: 10.001 });
    const atEquator = greatCircleMetres({ latitude: 0, longitude: 10 }, { latitude: 0, longitude: 10.001 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 4);
  });

  it('is zero for one point and symmetric', () => {
    const a = { latitude: -34.6037, longitude: -58.3816 };
    const b = { latitude: -34.6083, longitude: -58.3712 };
    expect(greatCircleMetres(a, a)).toBe(0);
    expect(greatCircleMetres(a, b)).toBeCloseTo(greatCircleMetres(b, a), 9);
  });

  it('treats missing, non-finite and (0, 0) positions as unknown', () => {
    expect(reportedPosition(null, 2.1)).toBeNull();
    expect(reportedPosition(1.1, null)).toBeNull();
    expect(reportedPosition(0, 0)).toBeNull();
    expect(reportedPosition(Number.NaN, 2)).toBeNull();
    expect(reportedPosition(0, 2.5)).toEqual({ latitude: 0, longitude: 2.5 });
  });
});
