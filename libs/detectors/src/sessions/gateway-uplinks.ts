import type { Packet } from '@lorawatch/domain/packet';
import { epochMs, SECONDS_PER_DAY } from '../time';
import type { DataFrameFields } from './data-frame';

/**
 * The last uplink each gateway relayed from the device: what LAF-006, LAF-007 and LAF-011 compare a new frame
 * counter with. Kept per gateway because one gateway delivers its packets in order, while copies of a frame
 * from different gateways may arrive in any order (docs/alert-catalogue.md LAF-006, LAF-007, LAF-011).
 */
export interface GatewayUplink {
  gateway: string;
  devAddr: string;
  fCount: number;
  mic: string;
  packetId: string;
  date: string;
  /** Shown as the previous packet of the alerts that compare with it. */
  packet: Packet;
}

/**
 * LAF-011 looks 72 h back, the longest of the three rules (LAF-006 and LAF-007 use 24 h); 16 gateways hearing one
 * device is already a dense network, and the least recently heard is the one to forget.
 */
export const MAX_GATEWAY_UPLINK_AGE_SECONDS = 3 * SECONDS_PER_DAY;
export const MAX_GATEWAY_UPLINKS = 16;

export function previousUplinkVia(uplinks: readonly GatewayUplink[], gateway: string): GatewayUplink | null {
  return uplinks.find((uplink) => uplink.gateway === gateway) ?? null;
}

/** Seconds from the previous uplink to the packet; negative when the packet is dated earlier (late delivery). */
export function secondsSince(previous: GatewayUplink, packet: Packet): number {
  return (epochMs(packet.date) - epochMs(previous.date)) / 1000;
}

/**
 * Remembers an uplink as its gateway's latest. An uplink dated before the gateway's latest is a late delivery and
 * changes nothing; one dated before the device's last join belongs to the session the join ended.
 */
export function recordUplink(
  uplinks: readonly GatewayUplink[],
  frame: DataFrameFields,
  packet: Packet,
  lastJoinAt: string | null,
): GatewayUplink[] {
  const gateway = packet.gateway;
  if (gateway === null || frame.direction !== 'up') return [...uplinks];
  if (lastJoinAt !== null && epochMs(packet.date) < epochMs(lastJoinAt)) return [...uplinks];
  const previous = previousUplinkVia(uplinks, gateway);
  if (previous !== null && secondsSince(previous, packet) < 0) return [...uplinks];

  const latest: GatewayUplink = {
    gateway,
    devAddr: frame.devAddr,
    fCount: frame.fCount,
    mic: frame.mic,
    packetId: packet.id,
    date: packet.date,
    packet,
  };
  const nowMs = epochMs(packet.date);
  return [...uplinks.filter((uplink) => uplink.gateway !== gateway), latest]
    .filter((uplink) => nowMs - epochMs(uplink.date) <= MAX_GATEWAY_UPLINK_AGE_SECONDS * 1000)
    .sort((a, b) => epochMs(a.date) - epochMs(b.date))
    .slice(-MAX_GATEWAY_UPLINKS);
}
