import type { Importance } from '@lorawatch/domain/risk';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { keysetPages, mapChunks } from '@lorawatch/platform/export/keyset-pages';
import type { Filter, ReadStore, Sort } from '@lorawatch/read-store/read-store.port';
import { TAG_ASSIGNMENTS, TAGS, type TagAssignmentView, type TagView } from '@lorawatch/domain/tag.view';
import { ASSETS, type AssetView } from '../asset.view';
import { DEFAULT_IMPORTANCE } from '../domain/importance';
import { ASSET_HIDING, hidingId, type AssetHidingView } from '../projection/asset-hiding.view';
import { ASSET_IMPORTANCE, type AssetImportanceView } from '../projection/asset-importance.view';
import type { InventoryRow, RowScope } from '../queries/shared/inventory-rows';

/**
 * How an export walks the assets: in the order of store fields, or one data source after the other by their
 * names (the lists' `data_collector` order), each in the order of store fields.
 */
export interface AssetWalk {
  sort: Sort;
  byDataSourceName?: 'asc' | 'desc';
}

/**
 * The rows of the inventory and the network overview, a chunk of assets at a time: the same joins as the lists
 * (inventory-rows.ts), but the attributes are read for the assets of the chunk only, so nothing grows with the
 * number of assets but the data sources and labels, which are few. Assets of deleted data sources are left out.
 */
export async function assetExportChunks(
  store: ReadStore,
  scope: RowScope,
  walk: AssetWalk,
  keep: (row: InventoryRow) => boolean,
): Promise<AsyncIterable<InventoryRow[]>> {
  const { organizationId, userId } = scope;
  const [sources, tags] = await Promise.all([
    store.collection<DataSourceView>(DATA_SOURCES).find({ organizationId }),
    store.collection<TagView>(TAGS).find({ organizationId }, { sort: [['name', 'asc']] }),
  ]);
  const live = sources
    .filter((source) => !source.deleted)
    .filter((source) => !scope.dataSourceIds || scope.dataSourceIds.includes(source.dataSourceId));
  const nameOf = new Map(live.map((source) => [source.dataSourceId, source.name]));
  const tagById = new Map(tags.map((tag) => [tag.tagId, tag]));
  const assets = store.collection<AssetView>(ASSETS);
  const base: Filter = { organizationId, ...(scope.type ? { type: scope.type } : {}) };

  async function* walkAssets(): AsyncGenerator<AssetView[]> {
    if (live.length === 0) return;
    if (walk.byDataSourceName === undefined) {
      const ids = live.map((source) => source.dataSourceId);
      yield* keysetPages(assets, { ...base, dataSourceId: { $in: ids } }, walk.sort);
      return;
    }
    const direction = walk.byDataSourceName === 'asc' ? 1 : -1;
    const ordered = [...live].sort((a, b) => direction * a.name.localeCompare(b.name));
    for (const source of ordered) {
      yield* keysetPages(assets, { ...base, dataSourceId: source.dataSourceId }, walk.sort);
    }
  }

  return mapChunks(walkAssets(), async (chunk) => {
    const ids = chunk.map((asset) => asset.id);
    const [importances, assignments, hidden] = await Promise.all([
      store.collection<AssetImportanceView>(ASSET_IMPORTANCE).find({ organizationId, id: { $in: ids } }),
      store.collection<TagAssignmentView>(TAG_ASSIGNMENTS).find({ organizationId, assetId: { $in: ids } }),
      store
        .collection<AssetHidingView>(ASSET_HIDING)
        .find({ userId, id: { $in: ids.map((id) => hidingId(userId, id)) } }),
    ]);
    const importanceOf = new Map<string, Importance>(
      importances.map((entry) => [entry.id, entry.importance]),
    );
    const tagsOf = new Map<string, TagView[]>();
    for (const assignment of assignments) {
      const tag = tagById.get(assignment.tagId);
      if (tag) tagsOf.set(assignment.assetId, [...(tagsOf.get(assignment.assetId) ?? []), tag]);
    }
    const hiddenIds = new Set(hidden.map((entry) => entry.assetId));
    return chunk
      .map((asset) => ({
        asset,
        dataSourceName: nameOf.get(asset.dataSourceId) ?? null,
        importance: importanceOf.get(asset.id) ?? DEFAULT_IMPORTANCE,
        tags: (tagsOf.get(asset.id) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
        hidden: hiddenIds.has(asset.id),
      }))
      .filter(keep);
  });
}

/** Ends a store order with the asset's API id, as the lists break ties. */
export const thenById = (sort: Sort): Sort => [...sort, ['numericId', 'asc']];
