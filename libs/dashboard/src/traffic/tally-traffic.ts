import type { Packet } from '@lorawatch/domain/packet';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import {
  DEVICE_DAYS,
  TRAFFIC_DAYS,
  TRAFFIC_HOURS,
  type DeviceDay,
  type TrafficDay,
  type TrafficHour,
} from './traffic.view';

export interface TrafficBucket {
  /** `YYYY-MM-DDTHH:00:00.000Z` */
  hour: string;
  /** `YYYY-MM-DD` */
  day: string;
  /** UTC hour of the day, 0..23 */
  hourOfDay: number;
}

/** The packet's own date decides its bucket (the charts show when traffic happened, not when it was read). */
export function trafficBucket(packet: Pick<Packet, 'date' | 'receivedAt'>): TrafficBucket | null {
  const at = [packet.date, packet.receivedAt].map(Date.parse).find((time) => !Number.isNaN(time));
  if (at === undefined) return null;
  const iso = new Date(at).toISOString();
  return {
    hour: `${iso.slice(0, 13)}:00:00.000Z`,
    day: iso.slice(0, 10),
    hourOfDay: Number(iso.slice(11, 13)),
  };
}

/**
 * A device is counted when it transmits: uplinks only, by DevEUI, else DevAddr (the asset read model's identity).
 * Downlinks and frames naming no device count as packets only.
 */
export function uplinkDevice(packet: Packet): string | null {
  if (packet.direction !== 'up') return null;
  return packet.devEui ?? packet.devAddr ?? null;
}

export const deviceDayId = (dataSourceId: number, device: string, day: string): string =>
  `${dataSourceId}:${device}:${day}`;

/** The device-day documents a batch needs to know about, to be read before `tallyTraffic`. */
export function deviceDayIds(packets: Packet[]): string[] {
  const ids = new Set<string>();
  for (const packet of packets) {
    const device = uplinkDevice(packet);
    const bucket = trafficBucket(packet);
    if (device !== null && bucket !== null) ids.add(deviceDayId(packet.dataSourceId, device, bucket.day));
  }
  return [...ids];
}

/**
 * The counter writes of a batch of packets, given the stored device-day documents it touches. Pure: the same
 * batch and documents always give the same writes, and the caller commits them with the batch's offset, so a
 * packet is counted once. Packets dated before `retainFrom` (a day) are left out: retention would drop them.
 */
export function tallyTraffic(
  packets: Packet[],
  stored: ReadonlyMap<string, DeviceDay>,
  retainFrom: string,
): WriteOp[] {
  const hours = new Map<string, { scope: TrafficHour; up: number; down: number; devices: number }>();
  const days = new Map<string, { scope: TrafficDay; devices: number }>();
  const deviceDays = new Map<string, DeviceDay>();
  for (const packet of packets) {
    const bucket = trafficBucket(packet);
    if (bucket === null || bucket.day < retainFrom) continue;
    const { organizationId, dataSourceId } = packet;
    const hourId = `${dataSourceId}:${bucket.hour}`;
    const hour = hours.get(hourId) ?? {
      scope: {
        id: hourId,
        organizationId,
        dataSourceId,
        hour: bucket.hour,
        packets: 0,
        packetsUp: 0,
        packetsDown: 0,
        devices: 0,
      },
      up: 0,
      down: 0,
      devices: 0,
    };
    hours.set(hourId, hour);
    if (packet.direction === 'up') hour.up += 1;
    else hour.down += 1;

    const device = uplinkDevice(packet);
    if (device === null) continue;
    const id = deviceDayId(dataSourceId, device, bucket.day);
    const known = deviceDays.get(id) ?? stored.get(id);
    const seen: DeviceDay = known
      ? { ...known }
      : { id, organizationId, dataSourceId, day: bucket.day, hours: 0 };
    if (!known) {
      const dayId = `${dataSourceId}:${bucket.day}`;
      const day = days.get(dayId) ?? {
        scope: { id: dayId, organizationId, dataSourceId, day: bucket.day, devices: 0 },
        devices: 0,
      };
      day.devices += 1;
      days.set(dayId, day);
    }
    const bit = 1 << bucket.hourOfDay;
    if ((seen.hours & bit) === 0) {
      seen.hours |= bit;
      hour.devices += 1;
    }
    deviceDays.set(id, seen);
  }
  const ops: WriteOp[] = [];
  for (const { scope, up, down, devices } of hours.values()) {
    ops.push({
      op: 'inc',
      collection: TRAFFIC_HOURS.name,
      id: scope.id,
      inc: { packets: up + down, packetsUp: up, packetsDown: down, devices },
      setOnInsert: {
        organizationId: scope.organizationId,
        dataSourceId: scope.dataSourceId,
        hour: scope.hour,
      },
    });
  }
  for (const { scope, devices } of days.values()) {
    ops.push({
      op: 'inc',
      collection: TRAFFIC_DAYS.name,
      id: scope.id,
      inc: { devices },
      setOnInsert: { organizationId: scope.organizationId, dataSourceId: scope.dataSourceId, day: scope.day },
    });
  }
  for (const doc of deviceDays.values()) {
    const before = stored.get(doc.id);
    if (!before || before.hours !== doc.hours) ops.push({ op: 'upsert', collection: DEVICE_DAYS.name, doc });
  }
  return ops;
}
