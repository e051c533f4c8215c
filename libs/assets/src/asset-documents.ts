import type { DeviceDetectionState, GatewayDetectionState } from '@lorawatch/detectors/detect';
import { deviceUsage } from '@lorawatch/detectors/statistics/device-usage';
import { gatewayUsage } from '@lorawatch/detectors/statistics/gateway-usage';
import { assetNumericId } from '@lorawatch/domain/asset-id';
import type { PolicyView } from '@lorawatch/domain/policy';
import type { AssetView } from './asset.view';
import { vendorOf } from './vendor';

// Re-exported: the asset queries name gateways of packets with it.
export { assetNumericId };

export interface AssetScope {
  organizationId: number;
  dataSourceId: number;
  /** Date of the latest packet: the end of the 24-hour window the counters cover. */
  at: string;
}

export function deviceDocument(
  state: DeviceDetectionState,
  scope: AssetScope,
  policy: PolicyView,
): AssetView {
  const id = `device:${state.key}`;
  const statistics = state.statistics;
  const hexId = state.devEui ?? state.devAddr ?? state.key.slice(state.key.indexOf(':') + 1);
  const usage = deviceUsage(statistics, scope.at, policy.parameter('LAF-401', 'deviation_tolerance'));
  return {
    id,
    numericId: assetNumericId(id),
    type: 'device',
    organizationId: scope.organizationId,
    dataSourceId: scope.dataSourceId,
    hexId,
    devEui: state.devEui,
    devAddr: state.devAddr,
    joinEui: state.joinRequests.at(-1)?.joinEui ?? null,
    name: state.name ?? null,
    applicationName: state.applicationName ?? null,
    vendor: vendorOf(state.devEui),
    connected: usage.connected,
    firstActivity: usage.first_activity,
    lastActivity: usage.last_activity,
    latitude: null,
    longitude: null,
    gateways: statistics.links.map((link) => link.gateway),
    usage,
  };
}

export function gatewayDocument(state: GatewayDetectionState, scope: AssetScope): AssetView {
  const id = `gateway:${state.key}`;
  const usage = gatewayUsage(state.statistics, scope.at);
  return {
    id,
    numericId: assetNumericId(id),
    type: 'gateway',
    organizationId: scope.organizationId,
    dataSourceId: scope.dataSourceId,
    hexId: state.gateway,
    devEui: null,
    devAddr: null,
    joinEui: null,
    name: state.name ?? null,
    applicationName: null,
    vendor: vendorOf(state.gateway),
    connected: usage.connected,
    firstActivity: usage.first_activity ?? state.firstSeenAt,
    lastActivity: usage.last_activity ?? state.lastSeenAt,
    latitude: state.location?.latitude ?? null,
    longitude: state.location?.longitude ?? null,
    gateways: [],
    usage,
  };
}
