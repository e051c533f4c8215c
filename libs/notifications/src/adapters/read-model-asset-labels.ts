import type { AlertView } from '@lorawatch/domain/alert.view';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { Importance } from '@lorawatch/domain/risk';
import type { AssetLabel, AssetLabels } from '../ports/asset-labels.port';
import type { Filter, ReadStore } from '@lorawatch/read-store/read-store.port';
import { TAG_ASSIGNMENTS, TAGS, type TagAssignmentView, type TagView } from '@lorawatch/domain/tag.view';
import { ASSETS, type AssetView } from '@lorawatch/assets';
import { DEFAULT_IMPORTANCE } from '@lorawatch/assets';
import { ASSET_IMPORTANCE, type AssetImportanceView } from '@lorawatch/assets';

/** The notifications' view of labels and importance, read from the tags and asset-attributes read models. */
export class ReadModelAssetLabels implements AssetLabels {
  constructor(private readonly store: ReadStore) {}

  async labels(organizationId: number, ids: number[]): Promise<Map<number, AssetLabel>> {
    if (ids.length === 0) return new Map();
    const tags = await this.store.collection<TagView>(TAGS).find({ organizationId, tagId: { $in: ids } });
    return new Map(tags.map((tag) => [tag.tagId, { id: tag.tagId, name: tag.name, color: tag.color }]));
  }

  async assetOf(alert: AlertView): Promise<{ importance: Importance; tagIds: number[] }> {
    const [asset] = await this.store.collection<AssetView>(ASSETS).find(assetOfAlert(alert), { limit: 1 });
    if (!asset) return { importance: alert.assetImportance ?? DEFAULT_IMPORTANCE, tagIds: [] };
    const [importance, assignments] = await Promise.all([
      this.store.collection<AssetImportanceView>(ASSET_IMPORTANCE).get(asset.id),
      this.store.collection<TagAssignmentView>(TAG_ASSIGNMENTS).find({ assetId: asset.id }),
    ]);
    return {
      importance: importance?.importance ?? DEFAULT_IMPORTANCE,
      tagIds: assignments.map((assignment) => assignment.tagId),
    };
  }
}

/** Device alerts name the device by DevEUI or DevAddr; gateway alerts name the gateway by its EUI. */
function assetOfAlert(alert: AlertView): Filter {
  const scope: Filter = { organizationId: alert.organizationId, dataSourceId: alert.dataSourceId };
  if (alertTypeByCode(alert.code)?.forAssetType === 'GATEWAY')
    return { ...scope, type: 'gateway', hexId: alert.gateway ?? '' };
  const keys: Filter[] = [];
  if (alert.devEui) keys.push({ devEui: alert.devEui });
  if (alert.devAddr) keys.push({ devAddr: alert.devAddr });
  return keys.length === 0 ? { ...scope, id: { $in: [] } } : { ...scope, type: 'device', $or: keys };
}
