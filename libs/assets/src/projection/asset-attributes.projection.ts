import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import {
  AssetAttributeEventTypes,
  type AssetAttributeEventPayloads,
  type AssetHidingSet,
  type AssetImportanceSet,
} from '../domain/asset-attribute.events';
import { ASSET_HIDING, hidingId, type AssetHidingView } from './asset-hiding.view';
import { ASSET_IMPORTANCE, type AssetImportanceView } from './asset-importance.view';
import { recordedOf } from '@lorawatch/event-store/typed-events';

/** Importance and hiding: whole-document upserts and deletes, so replaying an event gives the same result. */
export const assetAttributesProjection: Projection = {
  name: 'asset-attributes',
  collections: [ASSET_IMPORTANCE, ASSET_HIDING],
  eventTypes: [AssetAttributeEventTypes.ImportanceSet, AssetAttributeEventTypes.HidingSet],
  project(recorded: RecordedEvent): WriteOp[] {
    const event = recordedOf<AssetAttributeEventPayloads>(recorded);
    switch (event.type) {
      case AssetAttributeEventTypes.ImportanceSet:
        return importanceSet(event.data);
      case AssetAttributeEventTypes.HidingSet:
        return hidingSet(event.data);
      default:
        return [];
    }
  },
};

function importanceSet({ organizationId, importance, assets }: AssetImportanceSet): WriteOp[] {
  return assets.map((asset) => {
    const doc: AssetImportanceView = {
      id: asset.assetId,
      organizationId,
      numericId: asset.numericId,
      type: asset.type,
      importance,
    };
    return { op: 'upsert', collection: ASSET_IMPORTANCE.name, doc };
  });
}

function hidingSet({ organizationId, userId, hidden, assets }: AssetHidingSet): WriteOp[] {
  return assets.map((asset): WriteOp => {
    const id = hidingId(userId, asset.assetId);
    if (!hidden) return { op: 'delete', collection: ASSET_HIDING.name, id };
    const doc: AssetHidingView = {
      id,
      userId,
      organizationId,
      assetId: asset.assetId,
      numericId: asset.numericId,
    };
    return { op: 'upsert', collection: ASSET_HIDING.name, doc };
  });
}
