import { LOSS_BANDS, SIGNAL_BANDS } from './usage-bands';

describe('network overview bands', () => {
  it('cover their ranges without gaps or overlaps', () => {
    for (const bands of [SIGNAL_BANDS, LOSS_BANDS]) {
      for (let i = 1; i < bands.length; i++) expect(bands[i].min).toBe(bands[i - 1].max);
    }
    expect(LOSS_BANDS[0].min).toBe(0);
    expect(LOSS_BANDS.at(-1)).toEqual({ min: 90, max: 101, name: '[90,100]' });
    expect(SIGNAL_BANDS.at(-1)).toEqual({ min: -50, max: 1, name: 'Excellent' });
  });
});
