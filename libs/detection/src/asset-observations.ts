import type { AssetView } from '@lorawatch/assets';
import {
  AssetEventTypes,
  assetObservationStream,
  assetShape,
  discoveryOf,
  observationDue,
  observationKey,
  type AssetObserved,
  type ObservationMark,
} from '@lorawatch/assets';
import type { EventCause } from '@lorawatch/domain/event-envelope';
import type { NewEvent } from '@lorawatch/event-store/event-store.port';
import { envelope, packetCause } from '@lorawatch/platform/aggregate';
import type { PendingOutput } from './detection-outbox';

interface Seen {
  asset: AssetView;
  at: string;
  partition: number;
  cause?: EventCause;
}

/**
 * The assets one detector batch (or tick) touched, and what of them becomes events: the latest document of each
 * asset is kept, and at the end the due ones (assets/domain/asset.events.ts, observationDue) go to the batch's
 * output, one append per partition, after its alerts: appended once the batch has committed. The marks of the last
 * observations go into the detector state committed with the batch.
 */
export class AssetObservationBatch {
  private readonly latest = new Map<string, Seen>();

  see(
    asset: AssetView,
    at: string,
    partition: number,
    packet?: { id: string; dataSourceId: number; date: string },
  ): void {
    this.latest.set(asset.id, { asset, at, partition, cause: packet ? packetCause(packet) : undefined });
  }

  /** Puts the due events in `output`; returns how many. `dirty` receives the new marks. */
  async flush(
    output: PendingOutput,
    state: (key: string) => Promise<unknown>,
    dirty: Map<string, unknown>,
  ): Promise<number> {
    const byPartition = new Map<number, NewEvent[]>();
    for (const { asset, at, partition, cause } of this.latest.values()) {
      const key = observationKey(asset.id);
      const due = observationDue((await state(key)) as ObservationMark | undefined, asset, at);
      if (due === null) continue;
      const who = { organizationId: asset.organizationId, actor: 'detector', ...(cause ? { cause } : {}) };
      const appended = byPartition.get(partition) ?? [];
      if (due === 'discovered') {
        const firstSeenAt = asset.firstActivity ?? at;
        appended.push(
          envelope(AssetEventTypes.Discovered, discoveryOf(asset, firstSeenAt), who, firstSeenAt),
        );
      }
      const observed: AssetObserved = { at, asset };
      appended.push(envelope(AssetEventTypes.Observed, observed, who, at));
      byPartition.set(partition, appended);
      const mark: ObservationMark = { at, shape: assetShape(asset) };
      dirty.set(key, mark);
    }
    let count = 0;
    for (const [partition, batch] of byPartition) {
      output.append(assetObservationStream(partition), batch);
      count += batch.length;
    }
    this.latest.clear();
    return count;
  }
}
