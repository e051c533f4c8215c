import type { Packet } from '@lorawatch/domain/packet';
import { initialMessageAnomaly, type MessageAnomalyState } from './anomalies/laf-503-message-anomaly';
import type { GatewayLocationState } from './gateway-location/laf-010-gateway-moved';
import { initialJoinDetectors, type JoinDetectorsState } from './joins/join-detectors';
import type { DevNonceHistoryState } from './joins/laf-001-devnonce-repeated';
import type { JoinRequestTransmission } from './joins/join-request-transmissions';
import { initialSessionDetectors, type SessionDetectorsState } from './sessions/run-session-detectors';
import type { SessionLinkState } from './sessions/laf-002-shared-dev-addr';
import { initialDeviceStatistics, type DeviceStatisticsState } from './statistics/update-device-statistics';
import { initialGatewayStatistics, type GatewayStatisticsState } from './statistics/gateway-statistics-state';
import { dataSourceStateKey, deviceStateKey, gatewayStateKey } from './state-keys';

/**
 * What the detectors remember between packets. The runner persists it together with the packet-log offsets, so
 * it is plain JSON (objects, arrays, strings, numbers, booleans, null): no Map, Set, Date or undefined.
 * `version` lets a later release upcast stored state: version 1 held only the join detectors of the first
 * release, and is completed with empty families when read (see upcastDevice / upcastGateway).
 */
export const DETECTION_STATE_VERSION = 2;

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
  /**
   * Latest names the network server gave the device and its application; kept because most frames carry none.
   * Absent in states stored before names were kept.
   */
  name?: string | null;
  applicationName?: string | null;
  lastSeenAt: string;
  discovery: DeviceDiscovery | null;
  /** Join request transmissions (LAF-001, LAF-003). */
  joinRequests: JoinRequestTransmission[];
  /** LAF-001. */
  devNonces: DevNonceHistoryState;
  /** Traffic statistics, LAF-100 to LAF-103 and LAF-401. */
  statistics: DeviceStatisticsState;
  /** LAF-004 to LAF-007 and LAF-011. */
  sessions: SessionDetectorsState;
  /** LAF-404 and LAF-501. */
  joins: JoinDetectorsState;
  /** LAF-503. */
  messageAnomaly: MessageAnomalyState;
}

export interface GatewayDetectionState {
  version: typeof DETECTION_STATE_VERSION;
  /** `dataSourceId:gatewayEui`. */
  key: string;
  gateway: string;
  /** Latest name the network server gave the gateway; absent in states stored before names were kept. */
  name?: string | null;
  firstPacketId: string;
  firstSeenAt: string;
  lastSeenAt: string;
  /** Traffic statistics and LAF-403. */
  statistics: GatewayStatisticsState;
  /** LAF-010: the last known position; null until the gateway reports one. */
  location: GatewayLocationState | null;
}

/** LAF-002: which device a session address belongs to, keyed by data source + DevAddr. */
export type SessionDetectionState = SessionLinkState;

/**
 * What the data source as a whole remembers: the LAF-400 device count. One owner advances it in event-time order
 * (countDiscoveries), never the partitions' sagas, so the count cannot depend on which partition was detected first.
 */
export interface DataSourceDetectionState {
  version: number;
  key: string;
  dataSourceId: number;
  /** Distinct DevEUIs seen so far (the LAF-400 count). */
  knownDevices: number;
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
    statistics: initialDeviceStatistics(),
    sessions: initialSessionDetectors(),
    joins: initialJoinDetectors(),
    messageAnomaly: initialMessageAnomaly(),
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
    statistics: initialGatewayStatistics(),
    location: null,
  };
}

export function initialDataSourceState(packet: Packet): DataSourceDetectionState {
  return {
    version: DETECTION_STATE_VERSION,
    key: dataSourceStateKey(packet),
    dataSourceId: packet.dataSourceId,
    knownDevices: 0,
  };
}

/** A data-source state as stored by any release: earlier ones also counted gateways (`knownGateways`). */
export type StoredDataSource = DataSourceDetectionState & { knownGateways?: number };

/** A data-source state as stored by any release, without the fields no detector reads any more. */
export function upcastDataSource(stored: StoredDataSource): DataSourceDetectionState {
  return {
    version: stored.version,
    key: stored.key,
    dataSourceId: stored.dataSourceId,
    knownDevices: stored.knownDevices,
  };
}

type StoredDevice = Omit<
  DeviceDetectionState,
  'version' | 'statistics' | 'sessions' | 'joins' | 'messageAnomaly'
> &
  Partial<Pick<DeviceDetectionState, 'statistics' | 'sessions' | 'joins' | 'messageAnomaly'>> & {
    version: number;
  };

/** A device state as stored by any release, completed to the current version. */
export function upcastDevice(stored: StoredDevice): DeviceDetectionState {
  if (stored.version === DETECTION_STATE_VERSION) return stored as DeviceDetectionState;
  return {
    ...stored,
    version: DETECTION_STATE_VERSION,
    statistics: stored.statistics ?? initialDeviceStatistics(),
    sessions: stored.sessions ?? initialSessionDetectors(),
    joins: stored.joins ?? initialJoinDetectors(),
    messageAnomaly: stored.messageAnomaly ?? initialMessageAnomaly(),
  };
}

type StoredGateway = Omit<GatewayDetectionState, 'version' | 'statistics' | 'location'> &
  Partial<Pick<GatewayDetectionState, 'statistics' | 'location'>> & { version: number };

export function upcastGateway(stored: StoredGateway): GatewayDetectionState {
  if (stored.version === DETECTION_STATE_VERSION) return stored as GatewayDetectionState;
  return {
    ...stored,
    version: DETECTION_STATE_VERSION,
    statistics: stored.statistics ?? initialGatewayStatistics(),
    location: stored.location ?? null,
  };
}
