import { touchesAssets } from './live-refresh';

describe('live refresh of the asset lists', () => {
  it('reloads on changes of asset and tag read models only', () => {
    expect(touchesAssets({ projection: 'assets', collections: ['assets'] })).toBe(true);
    expect(touchesAssets({ projection: 'tags', collections: ['tag_assignments'] })).toBe(true);
    expect(touchesAssets({ projection: 'alerts', collections: ['alert_counts'] })).toBe(false);
    expect(touchesAssets(null)).toBe(false);
  });
});
