import type { Importance } from '@lorawatch/domain/risk';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { Filter, ReadStore } from '@lorawatch/read-store/read-store.port';
import { TAG_ASSIGNMENTS, TAGS, type TagAssignmentView, type TagView } from '@lorawatch/domain/tag.view';
import { ASSETS, type AssetView } from '../../asset.view';
import { DEFAULT_IMPORTANCE } from '../../domain/importance';
import { ASSET_HIDING, type AssetHidingView } from '../../projection/asset-hiding.view';
import { ASSET_IMPORTANCE, type AssetImportanceView } from '../../projection/asset-importance.view';

/** An asset of the detectors' read model joined with what the organisation and the caller set on it. */
export interface InventoryRow {
  asset: AssetView;
  dataSourceName: string | null;
  importance: Importance;
  tags: TagView[];
  hidden: boolean;
}

export interface RowScope {
  organizationId: number;
  userId: number;
  type?: 'device' | 'gateway';
  dataSourceIds?: number[];
}

/**
 * The organisation's assets with their attributes. The joins happen here, in memory: attributes live in their own
 * read models (the detectors own `assets`), and the lists filter on several of them at once. Assets of deleted data
 * sources are gone from every list.
 */
export async function inventoryRows(store: ReadStore, scope: RowScope): Promise<InventoryRow[]> {
  const { organizationId } = scope;
  const filter: Filter = { organizationId };
  if (scope.type) filter.type = scope.type;
  if (scope.dataSourceIds) filter.dataSourceId = { $in: scope.dataSourceIds };
  const [assets, sources, importances, assignments, tags, hidden] = await Promise.all([
    store.collection<AssetView>(ASSETS).find(filter),
    store.collection<DataSourceView>(DATA_SOURCES).find({ organizationId }),
    store.collection<AssetImportanceView>(ASSET_IMPORTANCE).find({ organizationId }),
    store.collection<TagAssignmentView>(TAG_ASSIGNMENTS).find({ organizationId }),
    store.collection<TagView>(TAGS).find({ organizationId }, { sort: [['name', 'asc']] }),
    store.collection<AssetHidingView>(ASSET_HIDING).find({ userId: scope.userId, organizationId }),
  ]);
  const live = new Map(
    sources.filter((source) => !source.deleted).map((source) => [source.dataSourceId, source.name]),
  );
  const importanceOf = new Map(importances.map((entry) => [entry.id, entry.importance]));
  const tagById = new Map(tags.map((tag) => [tag.tagId, tag]));
  const tagsOf = new Map<string, TagView[]>();
  for (const assignment of assignments) {
    const tag = tagById.get(assignment.tagId);
    if (!tag) continue;
    tagsOf.set(assignment.assetId, [...(tagsOf.get(assignment.assetId) ?? []), tag]);
  }
  const hiddenIds = new Set(hidden.map((entry) => entry.assetId));
  return assets
    .filter((asset) => live.has(asset.dataSourceId))
    .map((asset) => ({
      asset,
      dataSourceName: live.get(asset.dataSourceId) ?? null,
      importance: importanceOf.get(asset.id) ?? DEFAULT_IMPORTANCE,
      tags: (tagsOf.get(asset.id) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
      hidden: hiddenIds.has(asset.id),
    }));
}

/** A gateway as devices name it: the EUI within its data source. */
export const gatewayKey = (dataSourceId: number, eui: string): string => `${dataSourceId}:${eui}`;

export function heardBy(asset: AssetView): string[] {
  return asset.type === 'device' ? asset.gateways.map((eui) => gatewayKey(asset.dataSourceId, eui)) : [];
}

export function ownKey(asset: AssetView): string {
  return gatewayKey(asset.dataSourceId, asset.hexId);
}
