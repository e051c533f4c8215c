import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { alertId, draftAlert } from './alert-draft';
import type { DataSourceDetectionState, DeviceDiscovery } from './detection-state';

/**
 * LAF-400: the first packet of a DevEUI in a data source. The id depends on the data source and DevEUI only, so
 * if two partitions ever both meet the device first, the event store keeps a single alert.
 */
export interface NewDeviceInput {
  discovery: DeviceDiscovery | null;
  dataSource: DataSourceDetectionState;
  packet: Packet;
  devAddr: string | null;
}

export interface NewDeviceOutput {
  discovery: DeviceDiscovery | null;
  dataSource: DataSourceDetectionState;
  alerts: AlertDraft[];
}

export function detectNewDevice(input: NewDeviceInput): NewDeviceOutput {
  const { packet } = input;
  if (input.discovery !== null || packet.devEui === null) {
    return { discovery: input.discovery, dataSource: input.dataSource, alerts: [] };
  }
  const dataSource = { ...input.dataSource, knownDevices: input.dataSource.knownDevices + 1 };
  const alert = draftAlert({
    code: 'LAF-400',
    packet,
    id: alertId('LAF-400', packet.dataSourceId, packet.devEui),
    devAddr: input.devAddr,
    parameters: { number_of_devices: dataSource.knownDevices },
  });
  return { discovery: { packetId: packet.id, date: packet.date }, dataSource, alerts: [alert] };
}
