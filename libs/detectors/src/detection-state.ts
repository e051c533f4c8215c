import type { Packet } from '@lorawatch/domain/packet';
import type { DevNonceHistoryState } from './laf-001-devnonce-repeated';
import type { JoinRequestTransmission } from './join-request-transmissions';
import { dataSourceStateKey, deviceStateKey, gatewayStateKey } from './state-keys';

/**
 * What the detectors remember between packets. The runner persists it together with the packet-log offsets, so
 * it is plain JSON (objects, arrays, strings, numbers, booleans, null): no Map, Set, Date or undefined.
 * `version` lets a later release upcast stored state.
 */
export const DETECTION_STATE_VERSION = 1;

/** When and where a DevEUI was first seen in its data source; null while the state is keyed by DevAddr. */
export interface DeviceDiscovery {
  packetId: string;
  date: string;
}

export interface DeviceDetectionState {
  version: typeof DETECTION_STATE_VERSION;
  /** `dataSourceId:devEui`, or `dataSourceId:devAddr` when no DevEUI is known. */
  key: string;
  devEui: string | null;
  /** Latest session address, reported with every alert of the device. */
  devAddr: string | null;
  lastSeenAt: string;
  discovery: DeviceDiscovery | null;
  /** Join request transmissions (LAF-001, LAF-003). */
  joinRequests: JoinRequestTransmission[];
  /** LAF-001. */
  devNonces: DevNonceHistoryState;
}

export interface GatewayDetectionState {
  version: typeof DETECTION_STATE_VERSION;
  /** `dataSourceId:gatewayEui`. */
  key: string;
  gateway: string;
  firstPacketId: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface DataSourceDetectionState {
  version: typeof DETECTION_STATE_VERSION;
  key: string;
  dataSourceId: number;
  /** Distinct DevEUIs seen so far (the LAF-400 count). */
  knownDevices: number;
  knownGateways: number;
}

export function initialDeviceState(packet: Packet): DeviceDetectionState {
  const key = deviceStateKey(packet);
  if (key === null) throw new RangeError(`packet ${packet.id} names no device`);
  return {
    version: DETECTION_STATE_VERSION,
    key,
    devEui: packet.devEui,
    devAddr: null,
    lastSeenAt: packet.date,
    discovery: null,
    joinRequests: [],
    devNonces: { uses: [], hasJoined: false },
  };
}

export function initialGatewayState(packet: Packet): GatewayDetectionState {
  const key = gatewayStateKey(packet);
  if (key === null || packet.gateway === null) throw new RangeError(`packet ${packet.id} names no gateway`);
  return {
    version: DETECTION_STATE_VERSION,
    key,
    gateway: packet.gateway,
    firstPacketId: packet.id,
    firstSeenAt: packet.date,
    lastSeenAt: packet.date,
  };
}

export function initialDataSourceState(packet: Packet): DataSourceDetectionState {
  return {
    version: DETECTION_STATE_VERSION,
    key: dataSourceStateKey(packet),
    dataSourceId: packet.dataSourceId,
    knownDevices: 0,
    knownGateways: 0,
  };
}
