import { changedReadModel, touchesAssets } from './live-refresh';

describe('live refresh of the asset lists', () => {
  it('reloads on changes of the asset, asset-attribute and tag read models only', () => {
    expect(touchesAssets({ projection: 'assets', collections: ['assets'] })).toBe(true);
    expect(touchesAssets({ projection: 'asset-attributes', collections: ['asset_hiding'] })).toBe(true);
    expect(touchesAssets({ projection: 'tags', collections: ['tag_assignments', 'tags'] })).toBe(true);
    expect(touchesAssets({ projection: 'alerts', collections: ['alert_counts'] })).toBe(false);
    expect(touchesAssets(null)).toBe(false);
  });

  it('goes by the read model named, not by the names of its collections', () => {
    // The alerts and issues read models keep their own copy of the asset importance: not an asset list change.
    const alerts = ['alert_asset_importance', 'alert_counts', 'alerts'];
    expect(touchesAssets({ projection: 'alerts', collections: alerts })).toBe(false);
    expect(touchesAssets({ projection: 'issues', collections: ['issue_asset_importance', 'issues'] })).toBe(
      false,
    );
    expect(touchesAssets({ projection: 'asset_tags_of_tomorrow', collections: ['assets'] })).toBe(false);
  });

  it('names the read model of a projection_updated payload when the server builds it', () => {
    expect(
      changedReadModel({ projection: 'data_sources', organization_id: 1, position: 5, collections: [] }),
    ).toBe('data_sources');
    expect(changedReadModel({ projection: 'nothing' })).toBeNull();
    expect(changedReadModel({ projection: 3 })).toBeNull();
    expect(changedReadModel('alerts')).toBeNull();
  });
});
