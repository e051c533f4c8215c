import { formatParameterValue } from '../../lib/alerts/alert-display';
import type { Alert } from '../../lib/alerts/alert';

/** A packet snapshot carried by an alert (`parameters.packet_data` / `prev_packet_data`). */
export type PacketData = Record<string, unknown> & { id?: unknown };

/** The packet fields the dialog lists, in the spec's order, with their units. */
export const PACKET_FIELDS: ReadonlyArray<{ name: string; unit?: string }> = [
  { name: 'id' },
  { name: 'dev_eui' },
  { name: 'dev_addr' },
  { name: 'gateway' },
  { name: 'join_eui' },
  { name: 'rssi', unit: 'dBm' },
  { name: 'lsnr', unit: 'dB' },
  { name: 'date' },
  { name: 'm_type' },
  { name: 'f_count' },
  { name: 'mic' },
];

const isRecord = (value: unknown): value is PacketData =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function packetOf(alert: Alert, which: 'packet_data' | 'prev_packet_data'): PacketData | null {
  const packet = alert.parameters?.[which];
  return isRecord(packet) ? packet : null;
}

/** A packet's listed fields as shown: ids upper-cased, dates local, measurements with their unit. */
export function packetRows(packet: PacketData): Array<{ name: string; value: string }> {
  return PACKET_FIELDS.map(({ name, unit }) => {
    const value = formatParameterValue(name, packet[name]);
    return { name, value: value !== '' && unit ? `${value} ${unit}` : value };
  });
}

/** The download's file name: the packet id, as the spec asks; a fallback when the packet has none. */
export function packetFileName(packet: PacketData): string {
  const id = typeof packet.id === 'string' || typeof packet.id === 'number' ? String(packet.id) : 'packet';
  return `${id}.json`;
}

/** A data URL of the packet as JSON: an anchor with `download` saves it without any server round trip. */
export function packetDownloadHref(packet: PacketData): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(packet, null, 2))}`;
}
