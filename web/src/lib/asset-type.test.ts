import { nextAssetType } from './asset-type';

describe('asset type filter', () => {
  it('cycles the type filter none → gateway → device → none', () => {
    expect(nextAssetType(null)).toBe('gateway');
    expect(nextAssetType('gateway')).toBe('device');
    expect(nextAssetType('device')).toBeNull();
  });
});
