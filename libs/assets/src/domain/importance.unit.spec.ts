import { decideImportance } from './importance';

const asset = (n: number) => ({ assetId: `gateway:1:${n}`, numericId: n, type: 'gateway' as const });

describe('importance decision', () => {
  it('sets a value of the scale once per asset', () => {
    expect(decideImportance(1, 'MEDIUM', [asset(1), asset(1), asset(2)])).toEqual({
      organizationId: 1,
      importance: 'MEDIUM',
      assets: [asset(1), asset(2)],
    });
  });

  it('refuses a value off the scale, even for no asset, and does nothing for no asset', () => {
    expect(decideImportance(1, 'medium', [asset(1)])).toEqual({
      error: 'importance must be LOW, MEDIUM or HIGH',
    });
    expect(decideImportance(1, 'URGENT', [])).toEqual({ error: 'importance must be LOW, MEDIUM or HIGH' });
    expect(decideImportance(1, 'LOW', [])).toBeNull();
  });
});
