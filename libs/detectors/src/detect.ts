import type { AlertDraft } from '@lorawatch/domain/alert';
import { isAlertCode } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import { runMessageAnomalyDetector } from './anomalies/laf-503-message-anomaly';
import {
  initialDataSourceState,
  initialDeviceState,
  upcastDevice,
  upcastGateway,
  type DataSourceDetectionState,
  type DeviceDetectionState,
  type GatewayDetectionState,
  type SessionDetectionState,
} from './detection-state';
import type { DetectorInput, DetectorStep, IssueClearance } from './detector-step';
import { detectGatewayMoved } from './gateway-location/laf-010-gateway-moved';
import { trackJoinRequest, type JoinRequestSighting } from './join-request-transmissions';
import { runJoinDetectors } from './joins/join-detectors';
import { detectDevNonceRepeated } from './laf-001-devnonce-repeated';
import { detectJoinRequestReplayed } from './laf-003-join-request-replayed';
import { detectNewDevice } from './laf-400-new-device';
import { detectNewGateway } from './laf-402-new-gateway';
import { detectSharedDevAddr, settleSharedDevAddr } from './sessions/laf-002-shared-dev-addr';
import { runSessionDetectors } from './sessions/run-session-detectors';
import { dataSourceStateKey, deviceStateKey, gatewayStateKey, sessionStateKey } from './state-keys';
import { tickDeviceStatistics } from './statistics/tick-device-statistics';
import { tickGatewayStatistics } from './statistics/tick-gateway-statistics';
import { updateDeviceStatistics } from './statistics/update-device-statistics';
import { updateGatewayStatistics } from './statistics/update-gateway-statistics';
import { laterOf } from './time';

// The runner persists these; re-exported so it needs a single import.
export type {
  DataSourceDetectionState,
  DeviceDetectionState,
  GatewayDetectionState,
  SessionDetectionState,
} from './detection-state';
export type { IssueClearance } from './detector-step';

export interface DetectionInput {
  /** State stored under deviceStateKey(packet); undefined the first time. */
  device?: DeviceDetectionState;
  /** State stored under gatewayStateKey(packet); undefined the first time. */
  gateway?: GatewayDetectionState;
  /** State stored under dataSourceStateKey(packet); undefined the first time. */
  dataSource?: DataSourceDetectionState;
  /** State stored under sessionStateKey(packet); undefined the first time. */
  session?: SessionDetectionState;
  packet: Packet;
  policy: PolicyView;
}

export interface DetectionResult {
  /** Undefined when the packet names no device (no DevEUI and no DevAddr). */
  device: DeviceDetectionState | undefined;
  /** Undefined when the packet names no gateway. */
  gateway: GatewayDetectionState | undefined;
  dataSource: DataSourceDetectionState;
  /** Undefined until a packet carries both the session address and the DevEUI. */
  session: SessionDetectionState | undefined;
  /** Alerts of enabled types, in code order. */
  alerts: AlertDraft[];
  /** Issue conditions that cleared, whatever the policy: an issue opened before a switch-off still closes. */
  cleared: IssueClearance[];
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
  const outcome = new Outcome();

  let dataSource = input.dataSource ?? initialDataSourceState(packet);
  let device = input.device === undefined ? undefined : upcastDevice(input.device);
  if (device === undefined && deviceStateKey(packet) !== null) device = initialDeviceState(packet);
  const devAddr = packet.devAddr ?? device?.devAddr ?? null;
  const step: DetectorInput = { packet, policy, devAddr };

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
    outcome.alerts.push(...laf001.alerts);
    outcome.alerts.push(...detectJoinRequestReplayed({ packet, sighting, devAddr }));
    const laf400 = detectNewDevice({ discovery: device.discovery, dataSource, packet, devAddr });
    dataSource = laf400.dataSource;
    outcome.alerts.push(...laf400.alerts);
    device = {
      ...device,
      devAddr,
      // Most frames carry no name: the last one given stays.
      ...(packet.deviceName ? { name: packet.deviceName } : {}),
      ...(packet.applicationName ? { applicationName: packet.applicationName } : {}),
      lastSeenAt: laterOf(device.lastSeenAt, packet.date),
      discovery: laf400.discovery,
      joinRequests,
      devNonces: laf001.state,
      statistics: outcome.take(updateDeviceStatistics(device.statistics, step)),
      sessions: outcome.take(runSessionDetectors(device.sessions, step)),
      joins: outcome.take(runJoinDetectors(device.joins, step)),
      messageAnomaly: outcome.take(runMessageAnomalyDetector(device.messageAnomaly, step)),
    };
  }

  const session =
    sessionStateKey(packet) === null ? input.session : outcome.take(detectSharedDevAddr(input.session, step));

  const laf402 = detectNewGateway({
    gateway: input.gateway === undefined ? undefined : upcastGateway(input.gateway),
    dataSource,
    packet,
    devAddr,
  });
  dataSource = laf402.dataSource;
  outcome.alerts.push(...laf402.alerts);
  let gateway = laf402.gateway;
  if (gateway !== undefined) {
    gateway = {
      ...gateway,
      ...(packet.gatewayName ? { name: packet.gatewayName } : {}),
      statistics: outcome.take(updateGatewayStatistics(gateway.statistics, step)),
      location: outcome.take(detectGatewayMoved(gateway.location ?? undefined, step)) ?? null,
    };
  }

  const { alerts, cleared } = outcome.result(policy);
  return { device, gateway, dataSource, session, alerts: alerts.map(assetNames(device, gateway)), cleared };
}

export interface TickDetectionInput {
  /** A stored device state (not both). */
  device?: DeviceDetectionState;
  /** A stored gateway state (not both). */
  gateway?: GatewayDetectionState;
  /** ISO 8601 watermark of the tick, in event time (docs/architecture.md §9): never a clock inside the detectors. */
  at: string;
  policy: PolicyView;
  policyName: string;
  /** Silence means nothing while the data source itself is not connected. */
  dataSourceConnected: boolean;
}

export interface TickDetectionResult {
  device: DeviceDetectionState | undefined;
  gateway: GatewayDetectionState | undefined;
  alerts: AlertDraft[];
  cleared: IssueClearance[];
}

/** The clock-driven detectors (LAF-401, LAF-403): an asset silent for longer than its allowance. */
export function detectOnTick(input: TickDetectionInput): TickDetectionResult {
  const outcome = new Outcome();
  const tick = {
    at: input.at,
    policy: input.policy,
    policyName: input.policyName,
    dataSourceConnected: input.dataSourceConnected,
  };
  let device = input.device === undefined ? undefined : upcastDevice(input.device);
  if (device !== undefined) {
    device = { ...device, statistics: outcome.take(tickDeviceStatistics(device.statistics, tick)) };
  }
  let gateway = input.gateway === undefined ? undefined : upcastGateway(input.gateway);
  if (gateway !== undefined) {
    gateway = { ...gateway, statistics: outcome.take(tickGatewayStatistics(gateway.statistics, tick)) };
  }
  const { alerts, cleared } = outcome.result(input.policy);
  return { device, gateway, alerts: alerts.map(assetNames(device, gateway)), cleared };
}

export interface SessionTickInput {
  session: SessionDetectionState;
  /** ISO 8601 watermark of the data source (docs/architecture.md §9): the least of its partitions'. */
  at: string;
  policy: PolicyView;
}

export interface SessionTickResult {
  session: SessionDetectionState;
  alerts: AlertDraft[];
}

/**
 * LAF-002 moves of a session address whose date the data source's watermark has passed: raised only then, so the
 * order in which the packet-log partitions are detected cannot change them (docs/architecture.md §9).
 */
export function detectOnSessionTick(input: SessionTickInput): SessionTickResult {
  const outcome = new Outcome();
  const session = outcome.take(settleSharedDevAddr(input.session, input.at));
  return { session, alerts: outcome.result(input.policy).alerts };
}

/**
 * The names alert messages show (`dev_name`, `gw_name`, `app_name`; docs/alert-catalogue.md §2.3), from the states of the
 * packet's device and gateway, which remember them between the few frames that carry them. A name the detector
 * set itself wins; an unknown name is left out rather than written as null.
 */
function assetNames(
  device: DeviceDetectionState | undefined,
  gateway: GatewayDetectionState | undefined,
): (alert: AlertDraft) => AlertDraft {
  const known: AlertDraft['parameters'] = {};
  if (device?.name) known.dev_name = device.name;
  if (device?.applicationName) known.app_name = device.applicationName;
  if (gateway?.name) known.gw_name = gateway.name;
  if (Object.keys(known).length === 0) return (alert) => alert;
  return (alert) => {
    const parameters = { ...alert.parameters };
    for (const [key, name] of Object.entries(known)) parameters[key] ??= name;
    return { ...alert, parameters };
  };
}

/** Gathers what the detector families report while their states are folded into the new state. */
class Outcome {
  readonly alerts: AlertDraft[] = [];
  private readonly cleared: IssueClearance[] = [];

  take<TState>(step: DetectorStep<TState>): TState {
    this.alerts.push(...step.alerts);
    this.cleared.push(...step.cleared);
    return step.state;
  }

  result(policy: PolicyView): { alerts: AlertDraft[]; cleared: IssueClearance[] } {
    const alerts = this.alerts
      .filter((alert) => isAlertCode(alert.code) && policy.isEnabled(alert.code))
      // Stable: alerts of one code keep the order their detector gave.
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    return { alerts, cleared: this.cleared };
  }
}

/** A state handed in under the wrong key is a runner bug that would silently mix two assets' histories. */
function assertKey(kind: string, stateKey: string | undefined, expected: string | null): void {
  if (stateKey !== undefined && stateKey !== expected) {
    throw new Error(`${kind} state "${stateKey}" does not belong to this packet (expected "${expected}")`);
  }
}
