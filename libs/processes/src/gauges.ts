import { detectorCheckpoint } from '@lorawatch/detection/detection-runner';
import { keyAuditCheckpoint } from '@lorawatch/detection/key-audit-runner';
import type { EventStore } from '@lorawatch/event-store/event-store.port';
import type { Metrics } from '@lorawatch/ops/metrics';
import type { PacketLog } from '@lorawatch/packet-log/packet-log.port';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';

/** Packets appended but not yet processed by the detectors and the key audit, per partition. */
export async function refreshConsumerLag(
  packets: PacketLog,
  store: ReadStore,
  metrics: Metrics,
): Promise<void> {
  const ends = await packets.endOffsets();
  for (const [partition, end] of ends.entries()) {
    const label = { partition: String(partition) };
    metrics.detectorLag.set(
      label,
      Math.max(0, end - (await store.checkpoint(detectorCheckpoint(partition)))),
    );
    metrics.keyAuditLag.set(
      label,
      Math.max(0, end - (await store.checkpoint(keyAuditCheckpoint(partition)))),
    );
  }
}

/**
 * The head of the event store, and each read model's position and distance behind it. `positions` are the
 * projector's own when it runs here, otherwise the checkpoints it committed.
 */
export async function refreshProjectionLag(
  events: EventStore,
  metrics: Metrics,
  positions: Record<string, number>,
): Promise<void> {
  const head = await events.headPosition();
  metrics.eventStoreHead.set(head);
  for (const [projection, position] of Object.entries(positions)) {
    metrics.projectionPosition.set({ projection }, position);
    metrics.projectionLag.set({ projection }, Math.max(0, head - position));
  }
}

/** The checkpoints of the named projections, as committed in the read store. */
export async function committedPositions(store: ReadStore, names: string[]): Promise<Record<string, number>> {
  const positions: Record<string, number> = {};
  for (const name of names) positions[name] = await store.checkpoint(name);
  return positions;
}
