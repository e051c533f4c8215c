import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { alertId, draftAlert } from '../alert-draft';
import type { DeviceDiscovery } from '../detection-state';

/**
 * LAF-400: the first packet of a DevEUI in a data source. The id depends on the data source and DevEUI only, so
 * if two partitions ever both meet the device first, the event store keeps a single alert.
 *
 * The device's partition only discovers the device: its draft has no `number_of_devices` yet. The count belongs to
 * the data source, which every partition feeds, so it is given in event-time order by countDiscoveries.
 */
export interface NewDeviceInput {
  discovery: DeviceDiscovery | null;
  packet: Packet;
  devAddr: string | null;
}

export interface NewDeviceOutput {
  discovery: DeviceDiscovery | null;
  /** The LAF-400 draft without `number_of_devices`; null when the packet discovers nothing. */
  discovered: AlertDraft | null;
}

export function detectNewDevice(input: NewDeviceInput): NewDeviceOutput {
  const { packet } = input;
  if (input.discovery !== null || packet.devEui === null) {
    return { discovery: input.discovery, discovered: null };
  }
  const discovered = draftAlert({
    code: 'LAF-400',
    packet,
    id: alertId('LAF-400', packet.dataSourceId, packet.devEui),
    devAddr: input.devAddr,
  });
  return { discovery: { packetId: packet.id, date: packet.date }, discovered };
}
