import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { ASSETS, type AssetView } from '../asset.view';
import { AssetEventTypes, type AssetEventPayloads } from '../domain/asset.events';
import { recordedOf } from '@lorawatch/event-store/typed-events';

/**
 * The inventory's documents (`assets`) from the detectors' events. An observation carries the whole document, so
 * applying one twice (a batch re-run after a crash appends it again) gives the same result. A discovery is always
 * followed by an observation in the same append: the document comes from that one. An import (stores from before
 * these events) only fills a document that nothing else wrote, so a newer observation is never put back.
 */
export const assetsProjection: Projection = {
  name: 'assets',
  collections: [ASSETS],
  eventTypes: [AssetEventTypes.Observed, AssetEventTypes.Imported],
  async project(recorded: RecordedEvent, store: ReadStore): Promise<WriteOp[]> {
    const event = recordedOf<AssetEventPayloads>(recorded);
    switch (event.type) {
      case AssetEventTypes.Observed:
        return [upsert(event.data.asset)];
      case AssetEventTypes.Imported: {
        const { asset } = event.data;
        const known = await store.collection<AssetView>(ASSETS).get(asset.id);
        return known ? [] : [upsert(asset)];
      }
      default:
        return [];
    }
  },
};

function upsert(asset: AssetView): WriteOp {
  return { op: 'upsert', collection: ASSETS.name, doc: { ...asset } };
}
