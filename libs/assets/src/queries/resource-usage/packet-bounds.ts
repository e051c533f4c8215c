import type { Packet } from '@lorawatch/domain/packet';
import type { ResourceUsageDetailQuery } from './resource-usage.query';

/**
 * Inclusive bounds; a packet without the measure passes only when that measure is not bounded. With `until`, only
 * packets of that moment or earlier (event time) pass.
 */
export function packetBounds(
  query: ResourceUsageDetailQuery,
  until: string | undefined,
): (packet: Packet) => boolean {
  const last = until === undefined ? Infinity : Date.parse(until);
  return (packet) =>
    Date.parse(packet.date) <= last &&
    inside(packet.rssi, query.min_rssi, query.max_rssi) &&
    inside(packet.lsnr, query.min_lsnr, query.max_lsnr);
}

function inside(value: number | null, min: number | undefined, max: number | undefined): boolean {
  if (min === undefined && max === undefined) return true;
  if (value === null) return false;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}
