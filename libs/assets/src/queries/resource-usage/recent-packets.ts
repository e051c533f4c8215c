import type { Packet } from '@lorawatch/domain/packet';
import { isPacketRecord, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import type { AssetView } from '../../asset.view';

/** The console draws at most the last 200 packets (console §9). */
export const MAX_PACKETS = 200;
const CHUNK = 500;
/** Records read per partition at most: the log has no per-key index, so the scan is bounded. */
const SCAN_LIMIT = 20_000;

/**
 * A device's recent packets, oldest first. The packet log is partitioned by key (data source + DevEUI, else
 * DevAddr) but cannot be read by key, so this reads the device's partitions backwards from their end, in
 * chunks, keeping the device's records, until enough are found or the scan limit is reached.
 */
export async function recentPackets(
  log: PacketLog,
  device: AssetView,
  keep: (packet: Packet) => boolean,
): Promise<Packet[]> {
  const keys = new Set(
    [device.devEui, device.devAddr]
      .filter((id): id is string => id !== null)
      .map((id) => `${device.dataSourceId}:${id}`),
  );
  const partitions = [...new Set([...keys].map((key) => log.partitionFor(key)))];
  const ends = await log.endOffsets();
  const found: Packet[] = [];
  for (const partition of partitions) {
    let end = ends[partition] ?? 0;
    let scanned = 0;
    let fromPartition = 0;
    while (end > 0 && scanned < SCAN_LIMIT && fromPartition < MAX_PACKETS) {
      const from = Math.max(0, end - CHUNK);
      const records = await log.read(partition, from, end - from);
      for (const record of records) {
        if (!isPacketRecord(record) || !keys.has(record.key)) continue;
        if (!ofDevice(record.packet, device) || !keep(record.packet)) continue;
        found.push(record.packet);
        fromPartition += 1;
      }
      scanned += end - from;
      end = from;
    }
  }
  const unique = new Map(found.map((packet) => [packet.id, packet]));
  return [...unique.values()].sort((a, b) => a.date.localeCompare(b.date)).slice(-MAX_PACKETS);
}

function ofDevice(packet: Packet, device: AssetView): boolean {
  if (packet.dataSourceId !== device.dataSourceId) return false;
  if (device.devEui !== null && packet.devEui === device.devEui) return true;
  return device.devAddr !== null && packet.devAddr === device.devAddr;
}
