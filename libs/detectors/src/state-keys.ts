import type { Packet } from '@lorawatch/domain/packet';

/**
 * Keys under which the runner stores detection state. Devices are keyed by DevEUI when the packet has one and by
 * DevAddr otherwise (the two never collide: 16 vs 8 hex characters). Identities are scoped per data source
 * because two networks may reuse the same EUIs (docs/alert-catalogue.md §2.6).
 */
type KeyFields = Pick<Packet, 'dataSourceId' | 'devEui' | 'devAddr' | 'gateway'>;

export function deviceStateKey(packet: KeyFields): string | null {
  const device = packet.devEui ?? packet.devAddr;
  return device === null ? null : `${packet.dataSourceId}:${device}`;
}

export function gatewayStateKey(packet: KeyFields): string | null {
  return packet.gateway === null ? null : `${packet.dataSourceId}:${packet.gateway}`;
}

export function dataSourceStateKey(packet: Pick<Packet, 'dataSourceId'>): string {
  return String(packet.dataSourceId);
}

/** LAF-002 keeps which device a session address belongs to, per data source. */
export function sessionStateKey(packet: Pick<Packet, 'dataSourceId' | 'devAddr'>): string | null {
  return packet.devAddr === null ? null : `${packet.dataSourceId}:${packet.devAddr}`;
}
