import type { Packet } from '@lorawatch/domain/packet';
import type { CollectionSpec, WriteOp } from '@lorawatch/read-store/read-store.port';

/**
 * The newest packets of each data source, for GET packets (docs/api.md §5). The packet log is keyed by device
 * and has no index by organization or date, so a list over it would scan the whole log; this ring of
 * RECENT_PACKETS_PER_SOURCE slots per data source costs one write per packet and never grows. Older packets
 * stay reachable through the alerts that carry them.
 */
export const RECENT_PACKETS_PER_SOURCE = 1000;

export interface RecentPacket {
  /** `<dataSourceId>:<slot>` */
  id: string;
  organizationId: number;
  dataSourceId: number;
  /** The packet's date, ISO 8601 UTC: the list's order and filter. */
  date: string;
  /** How many packets of the data source came before it: breaks ties of equal dates in arrival order. */
  sequence: number;
  packet: Packet;
}

/** Next sequence number of a data source's ring. Id `<dataSourceId>`. */
export interface RecentPacketCursor {
  id: string;
  next: number;
}

export const RECENT_PACKETS: CollectionSpec = {
  name: 'recent_packets',
  indexes: [{ fields: ['organizationId', 'date'] }],
};

export const RECENT_PACKET_CURSORS: CollectionSpec = { name: 'recent_packet_cursors' };

/** Ring writes of a batch, given each data source's next sequence number (0 for a new one). */
export function recentPacketOps(
  packets: Packet[],
  cursors: ReadonlyMap<number, number>,
  capacity = RECENT_PACKETS_PER_SOURCE,
): WriteOp[] {
  const next = new Map(cursors);
  const slots = new Map<string, RecentPacket>();
  for (const packet of packets) {
    const sequence = next.get(packet.dataSourceId) ?? 0;
    next.set(packet.dataSourceId, sequence + 1);
    const id = `${packet.dataSourceId}:${sequence % capacity}`;
    slots.set(id, {
      id,
      organizationId: packet.organizationId,
      dataSourceId: packet.dataSourceId,
      date: new Date(Date.parse(packet.date) || Date.parse(packet.receivedAt) || 0).toISOString(),
      sequence,
      packet,
    });
  }
  const ops: WriteOp[] = [...slots.values()].map((doc) => ({
    op: 'upsert',
    collection: RECENT_PACKETS.name,
    doc,
  }));
  for (const [dataSourceId, sequence] of next) {
    if (cursors.get(dataSourceId) === sequence) continue;
    const doc: RecentPacketCursor = { id: String(dataSourceId), next: sequence };
    ops.push({ op: 'upsert', collection: RECENT_PACKET_CURSORS.name, doc });
  }
  return ops;
}
