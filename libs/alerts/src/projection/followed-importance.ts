import type { AssetImportanceSet } from '@lorawatch/assets';
import { DEFAULT_IMPORTANCE } from '@lorawatch/assets';
import type { Importance } from '@lorawatch/domain/risk';
import type { CollectionSpec, Doc, ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';

/**
 * The importance an organisation gave an asset, as one projection saw it in its own event order. Each projection
 * that carries importance keeps its own copy (written in the same commit as its documents), so a replay gives the
 * same answer whatever the pace of the other projections.
 */
export interface FollowedImportanceView {
  /** The asset's document id (`device:<dataSourceId>:<hex>` or `gateway:<dataSourceId>:<EUI>`). */
  id: string;
  organizationId: number;
  importance: Importance;
}

/** Documents that carry an asset's importance, found by the asset. */
export interface ImportanceCarrier extends Doc {
  organizationId: number;
  assetId: string | null;
  assetImportance: Importance | null;
}

export const followedImportanceCollection = (name: string): CollectionSpec => ({ name });

/** The importance a new document starts with: the asset's last known one, LOW when never set, null without asset. */
export async function importanceOf(
  store: ReadStore,
  spec: CollectionSpec,
  assetId: string | null,
): Promise<Importance | null> {
  if (assetId === null) return null;
  const known = await store.collection<FollowedImportanceView>(spec).get(assetId);
  return known?.importance ?? DEFAULT_IMPORTANCE;
}

/**
 * An importance change: remembered for documents to come, and patched into the documents of those assets that
 * show another importance (so handling the event twice writes nothing the second time).
 */
export async function importanceChange(
  event: AssetImportanceSet,
  store: ReadStore,
  importances: CollectionSpec,
  carriers: CollectionSpec,
): Promise<WriteOp[]> {
  const { organizationId, importance, assets } = event;
  const ops: WriteOp[] = [];
  for (const asset of assets) {
    const doc: FollowedImportanceView = { id: asset.assetId, organizationId, importance };
    ops.push({ op: 'upsert', collection: importances.name, doc });
  }
  const assetIds = assets.map((asset) => asset.assetId);
  if (assetIds.length === 0) return ops;
  const stale = await store.collection<ImportanceCarrier>(carriers).find({
    organizationId,
    assetId: { $in: assetIds },
    assetImportance: { $ne: importance },
  });
  for (const carrier of stale) {
    ops.push({
      op: 'patch',
      collection: carriers.name,
      id: carrier.id,
      set: { assetImportance: importance },
    });
  }
  return ops;
}
