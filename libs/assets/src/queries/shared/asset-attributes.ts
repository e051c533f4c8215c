import type { Importance } from '@lorawatch/domain/risk';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  TAG_ASSIGNMENTS,
  TAGS,
  tagJson,
  type TagAssignmentView,
  type TagView,
} from '@lorawatch/domain/tag.view';
import type { AssetView } from '../../asset.view';
import { DEFAULT_IMPORTANCE } from '../../domain/importance';
import { ASSET_IMPORTANCE, type AssetImportanceView } from '../../projection/asset-importance.view';

/** What one asset's views add to the detectors' document: data source name, importance, tags. */
export async function attributesOf(store: ReadStore, asset: AssetView) {
  const [source, importance, assignments] = await Promise.all([
    store.collection<DataSourceView>(DATA_SOURCES).get(String(asset.dataSourceId)),
    store.collection<AssetImportanceView>(ASSET_IMPORTANCE).get(asset.id),
    store.collection<TagAssignmentView>(TAG_ASSIGNMENTS).find({ assetId: asset.id }),
  ]);
  const tags =
    assignments.length === 0
      ? []
      : await store
          .collection<TagView>(TAGS)
          .find({ tagId: { $in: assignments.map((a) => a.tagId) } }, { sort: [['name', 'asc']] });
  return {
    dataSourceName: source?.name ?? null,
    importance: (importance?.importance ?? DEFAULT_IMPORTANCE) satisfies Importance,
    tags: tags.map(tagJson),
  };
}
