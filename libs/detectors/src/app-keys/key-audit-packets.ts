import type { Packet } from '@lorawatch/domain/packet';
import { JOIN_REQUEST_SIZE } from '@lorawatch/lorawan/frame-sizes';
import { mTypeOfMhdr } from '@lorawatch/lorawan/mhdr';

export type WellFormedJoinRequest = Packet & { mType: 'JoinRequest'; devEui: string; devNonce: number };

/**
 * A join request the audit can work on: a DevEUI and a DevNonce, and a frame of exactly 23 bytes whose MHDR says
 * JoinRequest. Anything else (truncated, padded, mislabelled) is skipped before any key is tried.
 */
export function isWellFormedJoinRequest(packet: Packet): packet is WellFormedJoinRequest {
  if (packet.mType !== 'JoinRequest' || packet.devEui === null || packet.devNonce === null) return false;
  const frame = Buffer.from(packet.data, 'base64');
  return frame.length === JOIN_REQUEST_SIZE && mTypeOfMhdr(frame[0]) === 'JoinRequest';
}

/** Well-formed join requests, and join accepts the ingest attributed to the device they answer. */
export function isKeyAuditPacket(packet: Packet): boolean {
  if (packet.mType === 'JoinAccept') return packet.devEui !== null && packet.devEuiInferred;
  return isWellFormedJoinRequest(packet);
}

/** The device whose audit state a packet belongs to: data source and DevEUI. */
export function keyAuditDeviceId(packet: Pick<Packet, 'dataSourceId' | 'devEui'>): string {
  return `${packet.dataSourceId}:${packet.devEui ?? ''}`;
}
