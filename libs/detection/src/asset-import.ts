import { ASSETS, type AssetView } from '@lorawatch/assets';
import {
  ASSET_IMPORT_STREAM,
  AssetEventTypes,
  assetShape,
  observationKey,
  type AssetImported,
  type ObservationMark,
} from '@lorawatch/assets';
import { DETECTOR_STATE, type StateDoc } from './event-time-watermark';
import type { EventStore, NewEvent } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';

/** The detector-state document that says the step ran (kept with the detector state, so engine copies carry it). */
export const ASSET_IMPORT_DONE = 'asset-import:done';
const EVENTS_PER_APPEND = 500;

/**
 * Upgrade step for stores from before the asset events, run once by the detection runner before its first batch:
 * each asset document that has no observation yet is recorded as an `AssetImported` event (at its last activity,
 * an event time), and marked as observed, so the detectors do not discover it again and a replay rebuilds the
 * inventory as it was. The document itself stays as it is. Returns how many assets were imported.
 */
export async function importExistingAssets(events: EventStore, store: ReadStore): Promise<number> {
  const state = store.collection<StateDoc>(DETECTOR_STATE);
  if (await state.get(ASSET_IMPORT_DONE)) return 0;
  const assets = await store.collection<AssetView>(ASSETS).find({}, { sort: [['id', 'asc']] });
  const imported: NewEvent[] = [];
  const marks: WriteOp[] = [];
  for (const asset of assets) {
    const key = observationKey(asset.id);
    if (await state.get(key)) continue;
    const at = asset.lastActivity ?? asset.firstActivity ?? new Date(0).toISOString();
    const data: AssetImported = { asset };
    imported.push(
      envelope(
        AssetEventTypes.Imported,
        data,
        { organizationId: asset.organizationId, actor: 'migration' },
        at,
      ),
    );
    const mark: ObservationMark = { at, shape: assetShape(asset) };
    const doc: StateDoc = { id: key, state: mark };
    marks.push({ op: 'upsert', collection: DETECTOR_STATE.name, doc });
  }
  for (let start = 0; start < imported.length; start += EVENTS_PER_APPEND) {
    await events.append(ASSET_IMPORT_STREAM, imported.slice(start, start + EVENTS_PER_APPEND), 'any');
  }
  const done: StateDoc = { id: ASSET_IMPORT_DONE, state: { assets: imported.length } };
  await store.commit([...marks, { op: 'upsert', collection: DETECTOR_STATE.name, doc: done }]);
  return imported.length;
}
