import { Forbidden, NotFound } from '@lorawatch/platform/domain-errors';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ASSETS, type AssetType, type AssetView } from '../asset.view';
import type { AssetRef } from '../domain/asset-ref';

export interface AssetSelector {
  asset_id: number;
  asset_type: AssetType;
}

/**
 * The caller's organisation's assets named by an `asset_list`. An asset of another organisation is Forbidden, an
 * unknown one NotFound: a user can only ever label, rate or hide what their organisation owns.
 */
export async function resolveOwnAssets(
  store: ReadStore,
  organizationId: number,
  selectors: AssetSelector[],
): Promise<AssetRef[]> {
  if (selectors.length === 0) return [];
  const found = await store
    .collection<AssetView>(ASSETS)
    .find({ numericId: { $in: [...new Set(selectors.map((selector) => selector.asset_id))] } });
  const byNumericId = new Map(found.map((asset) => [asset.numericId, asset]));
  return selectors.map((selector) => {
    const asset = byNumericId.get(selector.asset_id);
    if (!asset || asset.type !== selector.asset_type) throw new NotFound();
    if (asset.organizationId !== organizationId) throw new Forbidden();
    return { assetId: asset.id, numericId: asset.numericId, type: asset.type };
  });
}
