import { Forbidden, Invalid, NotFound } from '@lorawatch/platform/domain-errors';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ASSETS, type AssetType, type AssetView } from '../../asset.view';

/**
 * The asset a `/{asset_type}/{id}` path names (docs/api.md §10): a type other than device/gateway or a
 * non-integer id → 400, another organisation's asset → 403, none → 404.
 */
export async function ownAsset(
  store: ReadStore,
  organizationId: number,
  type: string,
  id: string,
): Promise<AssetView> {
  if (type !== 'device' && type !== 'gateway') throw new Invalid('asset_type must be device or gateway');
  if (!/^\d+$/.test(id)) throw new Invalid('id must be the integer id of an asset');
  const [asset] = await store
    .collection<AssetView>(ASSETS)
    .find({ numericId: Number(id), type: type satisfies AssetType }, { limit: 1 });
  if (!asset) throw new NotFound();
  if (asset.organizationId !== organizationId) throw new Forbidden();
  return asset;
}
