import type { AlertDraft } from '@lorawatch/domain/alert';
import type { CollectionSpec, WriteOp } from '@lorawatch/read-store/read-store.port';

/**
 * Devices discovered (LAF-400 drafts, detectPacket's `discovered`) that are not yet counted (docs/architecture.md §9):
 * a data source's device count is fed by every packet-log partition, so its discoveries wait here, one document per
 * data source and detected batch, and are counted in event-time order with its gateways' packets, by the owner of the
 * data source's home partition. Written in the batch's commit, deleted in the commit of the fold.
 */
export interface PendingDiscoveries {
  /** `<data source state id>@p<partition>:<first offset>`: the same batch read again writes the same document. */
  id: string;
  organizationId: number;
  dataSourceId: number;
  /** Epoch ms of the earliest discovery held. */
  earliest: number;
  drafts: AlertDraft[];
}

export const DISCOVERY_PENDING: CollectionSpec = {
  name: 'discovery_pending',
  indexes: [{ fields: ['dataSourceId', 'earliest'] }],
};

/** The document holding `drafts` (at least one) of a data source. */
export function discoveriesDoc(id: string, drafts: AlertDraft[]): PendingDiscoveries {
  const first = drafts[0];
  return {
    id,
    organizationId: first.organizationId,
    dataSourceId: first.dataSourceId,
    earliest: Math.min(...drafts.map(discoveredAt)),
    drafts,
  };
}

/** Epoch ms of the packet that discovered the device. */
export function discoveredAt(draft: AlertDraft): number {
  return Date.parse(draft.packet.date);
}

export function upsertDiscoveries(doc: PendingDiscoveries): WriteOp {
  return { op: 'upsert', collection: DISCOVERY_PENDING.name, doc };
}

export function deleteDiscoveries(id: string): WriteOp {
  return { op: 'delete', collection: DISCOVERY_PENDING.name, id };
}
