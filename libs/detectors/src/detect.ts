import type { AlertDraft } from '@lorawatch/domain/alert';
import { isAlertCode } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import {
  initialDataSourceState,
  initialDeviceState,
  type DataSourceDetectionState,
  type DeviceDetectionState,
  type GatewayDetectionState,
} from './detection-state';
import { trackJoinRequest, type JoinRequestSighting } from './join-request-transmissions';
import { detectDevNonceRepeated } from './laf-001-devnonce-repeated';
import { detectJoinRequestReplayed } from './laf-003-join-request-replayed';
import { detectNewDevice } from './laf-400-new-device';
import { detectNewGateway } from './laf-402-new-gateway';
import { dataSourceStateKey, deviceStateKey, gatewayStateKey } from './state-keys';
import { laterOf } from './time';

// The runner persists these; re-exported so it needs a single import.
export type {
  DataSourceDetectionState,
  DeviceDetectionState,
  GatewayDetectionState,
} from './detection-state';

export interface DetectionInput {
  /** State stored under deviceStateKey(packet); undefined the first time. */
  device?: DeviceDetectionState;
  /** State stored under gatewayStateKey(packet); undefined the first time. */
  gateway?: GatewayDetectionState;
  /** State stored under dataSourceStateKey(packet); undefined the first time. */
  dataSource?: DataSourceDetectionState;
  packet: Packet;
  policy: PolicyView;
}

export interface DetectionResult {
  /** Undefined when the packet names no device (no DevEUI and no DevAddr). */
  device: DeviceDetectionState | undefined;
  /** Undefined when the packet names no gateway. */
  gateway: GatewayDetectionState | undefined;
  dataSource: DataSourceDetectionState;
  /** Alerts of enabled types, in code order. */
  alerts: AlertDraft[];
}

/**
 * The detector saga: (state, packet, policy) → (state, alerts). Pure and deterministic: no clock, no I/O, no
 * randomness, and the input state is never modified, so replaying the same packets from the same state gives
 * the same alerts and state.
 *
 * Every detector keeps its state up to date whether or not the policy enables it; the policy only decides which
 * alerts come out. Enabling a detector later then starts from a true picture (a DevNonce history, the devices
 * already known) instead of treating every device as new.
 */
export function detect(input: DetectionInput): DetectionResult {
  const { packet, policy } = input;
  assertKey('device', input.device?.key, deviceStateKey(packet));
  assertKey('gateway', input.gateway?.key, gatewayStateKey(packet));
  assertKey('data source', input.dataSource?.key, dataSourceStateKey(packet));

  let dataSource = input.dataSource ?? initialDataSourceState(packet);
  const alerts: AlertDraft[] = [];

  let device = input.device;
  if (device === undefined && deviceStateKey(packet) !== null) device = initialDeviceState(packet);
  const devAddr = packet.devAddr ?? device?.devAddr ?? null;

  if (device !== undefined) {
    let sighting: JoinRequestSighting | null = null;
    let joinRequests = device.joinRequests;
    if (packet.mType === 'JoinRequest' && packet.devNonce !== null) {
      const maxDelay = policy.parameter('LAF-003', 'max_duplicate_delay');
      const tracked = trackJoinRequest(device.joinRequests, packet, maxDelay);
      sighting = tracked.sighting;
      joinRequests = tracked.transmissions;
    }
    const laf001 = detectDevNonceRepeated({
      state: device.devNonces,
      packet,
      sighting,
      transmissions: device.joinRequests,
      devAddr,
    });
    alerts.push(...laf001.alerts);
    alerts.push(...detectJoinRequestReplayed({ packet, sighting, devAddr }));
    const laf400 = detectNewDevice({ discovery: device.discovery, dataSource, packet, devAddr });
    dataSource = laf400.dataSource;
    alerts.push(...laf400.alerts);
    device = {
      ...device,
      devAddr,
      lastSeenAt: laterOf(device.lastSeenAt, packet.date),
      discovery: laf400.discovery,
      joinRequests,
      devNonces: laf001.state,
    };
  }

  const laf402 = detectNewGateway({ gateway: input.gateway, dataSource, packet, devAddr });
  dataSource = laf402.dataSource;
  alerts.push(...laf402.alerts);

  return {
    device,
    gateway: laf402.gateway,
    dataSource,
    alerts: alerts.filter((alert) => isAlertCode(alert.code) && policy.isEnabled(alert.code)),
  };
}

/** A state handed in under the wrong key is a runner bug that would silently mix two assets' histories. */
function assertKey(kind: string, stateKey: string | undefined, expected: string | null): void {
  if (stateKey !== undefined && stateKey !== expected) {
    throw new Error(`${kind} state "${stateKey}" does not belong to this packet (expected "${expected}")`);
  }
}
