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
  type StoredDataSource,
} from './detection-state';
import type { DetectorInput, DetectorStep, IssueClearance } from './detector-step';
import { detectGatewayMoved } from './gateway-location/laf-010-gateway-moved';
import { trackJoinRequest, type JoinRequestSighting } from './joins/join-request-transmissions';
import { runJoinDetectors } from './joins/join-detectors';
import { detectDevNonceRepeated } from './joins/laf-001-devnonce-repeated';
import { detectJoinRequestReplayed } from './joins/laf-003-join-request-replayed';
import { countDiscoveries } from './inventory/laf-400-device-count';
import { detectNewDevice } from './inventory/laf-400-new-device';
import { detectNewGateway } from './inventory/laf-402-new-gateway';
import { detectSharedDevAddr, settleSharedDevAddr } from './sessions/laf-002-shared-dev-addr';
import { runSessionDetectors } from './sessions/run-session-detectors';
import { deviceStateKey, gatewayStateKey, sessionStateKey } from './state-keys';
import { tickDeviceStatistics } from './statistics/laf-401-device-silent';
import { tickGatewayStatistics } from './statistics/laf-403-gateway-silent';
import { updateDeviceStatistics } from './statistics/update-device-statistics';
import { updateGatewayStatistics } from './statistics/update-gateway-statistics';
import { inEventTimeOrder, laterOf } from './time';

// The runner persists these; re-exported so it needs a single import.
export type {
  DataSourceDetectionState,
  DeviceDetectionState,
  GatewayDetectionState,
  SessionDetectionState,
  StoredDataSource,
} from './detection-state';
export type { IssueClearance } from './detector-step';
export {
  countDiscoveries,
  type DiscoveryCountInput,
  type DiscoveryCountResult,
} from './inventory/laf-400-device-count';
export { inEventTimeOrder } from './time';

export interface DetectionInput {
  /** State stored under deviceStateKey(packet); undefined the first time. */
  device?: DeviceDetectionState;
  /** State stored under gatewayStateKey(packet); undefined the first time. */
  gateway?: GatewayDetectionState;
  /** State stored under dataSourceStateKey(packet); undefined the first time. */
  dataSource?: StoredDataSource;
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
  /** The data source's state after this packet: the initial one when none was given and nothing was discovered. */
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
 *
 * This runs everything on one packet, in arrival order: the device and session half (`detectPacket`), the gateway
 * half (`detectGatewayPacket`) and the device count of LAF-400 (`countDiscoveries`). The detection runner runs them
 * apart: the states of a gateway and of the data source are fed by every packet-log partition, so their packets and
 * discoveries are folded in event-time order (`foldGatewayPackets`, `countDiscoveries`, docs/architecture.md §9).
 */
export function detect(input: DetectionInput): DetectionResult {
  const { packet, policy } = input;
  assertKey('device', input.device?.key, deviceStateKey(packet));
  const device = input.device === undefined ? undefined : upcastDevice(input.device);
  // The gateway half names the device as the device half will have it after this packet.
  const deviceAfter = {
    name: packet.deviceName || device?.name || null,
    applicationName: packet.applicationName || device?.applicationName || null,
  };
  const gatewayHalf = detectGatewayPacket({
    gateway: input.gateway,
    packet,
    policy,
    devAddr: packet.devAddr ?? device?.devAddr ?? null,
    deviceNames: deviceAfter,
  });
  const deviceHalf = detectPacket({
    device,
    session: input.session,
    packet,
    policy,
    gatewayName: gatewayHalf.gateway?.name ?? null,
  });
  const count = countDiscoveries({
    dataSource: input.dataSource,
    discovered: deviceHalf.discovered === null ? [] : [deviceHalf.discovered],
    policy,
  });
  const alerts = [...deviceHalf.alerts, ...count.alerts, ...gatewayHalf.alerts].sort(byCode);
  return {
    device: deviceHalf.device,
    gateway: gatewayHalf.gateway,
    dataSource: count.dataSource ?? initialDataSourceState(packet),
    session: deviceHalf.session,
    alerts,
    cleared: [...deviceHalf.cleared, ...gatewayHalf.cleared],
  };
}

export interface PacketDetectionInput {
  /** State stored under deviceStateKey(packet); undefined the first time. */
  device?: DeviceDetectionState;
  /** State stored under sessionStateKey(packet); undefined the first time. */
  session?: SessionDetectionState;
  packet: Packet;
  policy: PolicyView;
  /** The gateway's name for `gw_name`: the packet's, else the one its gateway's state remembers. */
  gatewayName?: string | null;
}

export interface PacketDetectionResult {
  /** Undefined when the packet names no device (no DevEUI and no DevAddr). */
  device: DeviceDetectionState | undefined;
  /** Undefined until a packet carries both the session address and the DevEUI. */
  session: SessionDetectionState | undefined;
  /** Alerts of enabled types, in code order; never LAF-400, which `discovered` carries. */
  alerts: AlertDraft[];
  /** Issue conditions that cleared, whatever the policy: an issue opened before a switch-off still closes. */
  cleared: IssueClearance[];
  /**
   * The LAF-400 draft when this packet discovers its device, names applied, without `number_of_devices` and
   * whatever the policy: `countDiscoveries` counts it (disabled or not) and filters it; null otherwise.
   */
  discovered: AlertDraft | null;
}

/**
 * The device and session half of the saga: every detector whose state lives in the packet's partition (the device)
 * or is made order-insensitive itself (the session link of LAF-002). The data source's device count is not kept
 * here: a discovery is handed on (`discovered`) and counted in event-time order by `countDiscoveries`.
 */
export function detectPacket(input: PacketDetectionInput): PacketDetectionResult {
  const { packet, policy } = input;
  assertKey('device', input.device?.key, deviceStateKey(packet));
  const outcome = new Outcome();

  let discovered: AlertDraft | null = null;
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
    const laf400 = detectNewDevice({ discovery: device.discovery, packet, devAddr });
    discovered = laf400.discovered;
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

  const { alerts, cleared } = outcome.result(policy);
  const names = assetNames({
    dev_name: device?.name,
    app_name: device?.applicationName,
    gw_name: packet.gatewayName || input.gatewayName,
  });
  return {
    device,
    session,
    alerts: alerts.map(names),
    cleared,
    discovered: discovered === null ? null : names(discovered),
  };
}

export interface GatewayPacketInput {
  /** State stored under gatewayStateKey(packet); undefined the first time. */
  gateway?: GatewayDetectionState;
  packet: Packet;
  policy: PolicyView;
  /** The device's session address for the alerts; the packet's when not given. */
  devAddr?: string | null;
  /** The device's names for `dev_name` / `app_name`; the packet's when not given. */
  deviceNames?: { name: string | null; applicationName: string | null };
}

export interface GatewayPacketResult {
  /** Undefined when the packet names no gateway. */
  gateway: GatewayDetectionState | undefined;
  alerts: AlertDraft[];
  cleared: IssueClearance[];
}

/** The gateway half of the saga on one packet: LAF-402, the gateway's statistics (and LAF-403's clearing), LAF-010. */
export function detectGatewayPacket(input: GatewayPacketInput): GatewayPacketResult {
  const { packet, policy } = input;
  assertKey('gateway', input.gateway?.key, gatewayStateKey(packet));
  const outcome = new Outcome();
  const devAddr = input.devAddr ?? packet.devAddr;
  const step: DetectorInput = { packet, policy, devAddr };
  const laf402 = detectNewGateway({
    gateway: input.gateway === undefined ? undefined : upcastGateway(input.gateway),
    packet,
    devAddr,
  });
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
  const device = input.deviceNames ?? { name: packet.deviceName, applicationName: packet.applicationName };
  const names = assetNames({
    dev_name: device.name,
    app_name: device.applicationName,
    gw_name: gateway?.name,
  });
  return { gateway, alerts: alerts.map(names), cleared };
}

export interface GatewayFoldInput {
  /** The gateway's stored state; undefined before its first packet was folded. */
  gateway?: GatewayDetectionState;
  /** Packets of one gateway, in any order (the order in which partitions were detected does not matter). */
  packets: readonly Packet[];
  policy: PolicyView;
}

export interface GatewayFoldResult {
  gateway: GatewayDetectionState | undefined;
  /** The alerts of every packet folded, in the order of the packets' event time. */
  alerts: AlertDraft[];
  cleared: IssueClearance[];
}

/**
 * Folds a gateway's packets into its state in event-time order (date, then packet id), whatever order they came in:
 * the same packets from the same state give the same state and alerts (docs/architecture.md §9). The device fields of
 * the gateway alerts are the packet's own (its DevAddr and names), since the device's state belongs to a partition
 * the fold does not follow.
 */
export function foldGatewayPackets(input: GatewayFoldInput): GatewayFoldResult {
  let gateway = input.gateway;
  const alerts: AlertDraft[] = [];
  const cleared: IssueClearance[] = [];
  for (const packet of [...input.packets].sort(inEventTimeOrder)) {
    const result = detectGatewayPacket({ gateway, packet, policy: input.policy });
    gateway = result.gateway;
    alerts.push(...result.alerts);
    cleared.push(...result.cleared);
  }
  return { gateway, alerts, cleared };
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
  const names = assetNames({
    dev_name: device?.name,
    app_name: device?.applicationName,
    gw_name: gateway?.name,
  });
  return { device, gateway, alerts: alerts.map(names), cleared };
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
  names: Record<'dev_name' | 'app_name' | 'gw_name', string | null | undefined>,
): (alert: AlertDraft) => AlertDraft {
  const known: AlertDraft['parameters'] = {};
  for (const [key, name] of Object.entries(names)) if (name) known[key] = name;
  if (Object.keys(known).length === 0) return (alert) => alert;
  return (alert) => {
    const parameters = { ...alert.parameters };
    for (const [key, name] of Object.entries(known)) parameters[key] ??= name;
    return { ...alert, parameters };
  };
}

/** Stable: alerts of one code keep the order their detector gave. */
function byCode(a: AlertDraft, b: AlertDraft): number {
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
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
      .sort(byCode);
    return { alerts, cleared: this.cleared };
  }
}

/** A state handed in under the wrong key is a runner bug that would silently mix two assets' histories. */
function assertKey(kind: string, stateKey: string | undefined, expected: string | null): void {
  if (stateKey !== undefined && stateKey !== expected) {
    throw new Error(`${kind} state "${stateKey}" does not belong to this packet (expected "${expected}")`);
  }
}
