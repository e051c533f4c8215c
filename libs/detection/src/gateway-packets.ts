import type { Packet } from '@lorawatch/domain/packet';
import type { CollectionSpec, WriteOp } from '@lorawatch/read-store/read-store.port';

/**
 * Packets a gateway relayed that are detected but not yet folded into its state (docs/architecture.md §9): a gateway's
 * state is fed by every packet-log partition, so its packets wait here, one document per gateway and detected batch,
 * until every packet of the data source dated before them has been detected, and are then folded in event-time order.
 * Written in the batch's commit, with its partition's offset, and deleted in the commit of the fold, so a restart
 * resumes with the same packets waiting.
 */
export interface PendingGatewayPackets {
  /** `<gateway state id>@p<partition>:<first offset>`: the same batch read again writes the same document. */
  id: string;
  organizationId: number;
  dataSourceId: number;
  /** The gateway's detector_state id (`gateway:<data source>:<EUI>`). */
  gatewayKey: string;
  /** Epoch ms of the earliest packet held. */
  earliest: number;
  packets: Packet[];
}

export const GATEWAY_PENDING: CollectionSpec = {
  name: 'gateway_pending',
  indexes: [{ fields: ['dataSourceId', 'earliest'] }],
};

export function pendingId(gatewayKey: string, partition: number, offset: number): string {
  return `${gatewayKey}@p${partition}:${offset}`;
}

/** The document holding `packets` (at least one) of a gateway. */
export function pendingDoc(id: string, gatewayKey: string, packets: Packet[]): PendingGatewayPackets {
  const first = packets[0];
  return {
    id,
    organizationId: first.organizationId,
    dataSourceId: first.dataSourceId,
    gatewayKey,
    earliest: Math.min(...packets.map((packet) => Date.parse(packet.date))),
    packets,
  };
}

export function upsertPending(doc: PendingGatewayPackets): WriteOp {
  return { op: 'upsert', collection: GATEWAY_PENDING.name, doc };
}

export function deletePending(id: string): WriteOp {
  return { op: 'delete', collection: GATEWAY_PENDING.name, id };
}

/**
 * The partition whose owner folds a gateway (FNV-1a of its state id): one runner of a consumer group folds each
 * gateway, whichever partitions carried its packets. Not the packet log's partitioner: only a fixed owner matters.
 */
export function homePartition(gatewayKey: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < gatewayKey.length; i++) {
    hash ^= gatewayKey.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % Math.max(1, partitions);
}
