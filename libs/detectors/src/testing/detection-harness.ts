import type { AlertDraft } from '@lorawatch/domain/alert';
import type { IssueClearance } from '../detector-step';
import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import { detect } from '../detect';
import type {
  DataSourceDetectionState,
  DeviceDetectionState,
  GatewayDetectionState,
  SessionDetectionState,
} from '../detection-state';
import { dataSourceStateKey, deviceStateKey, gatewayStateKey, sessionStateKey } from '../state-keys';

/**
 * An in-memory stand-in for the detector runner: it looks states up by key, runs detect() on each packet in
 * order and stores what comes back. Plain records, so a whole store can be compared or JSON round-tripped.
 * detect() counts each packet's discovery (LAF-400) as it goes, so the packets' order is the count's order; the
 * runner counts in event-time order instead (countDiscoveries).
 */
export interface DetectionStore {
  devices: Record<string, DeviceDetectionState>;
  gateways: Record<string, GatewayDetectionState>;
  dataSources: Record<string, DataSourceDetectionState>;
  sessions: Record<string, SessionDetectionState>;
}

export function emptyDetectionStore(): DetectionStore {
  return { devices: {}, gateways: {}, dataSources: {}, sessions: {} };
}

export interface DetectionRun {
  store: DetectionStore;
  alerts: AlertDraft[];
  cleared: IssueClearance[];
}

/** Returns a new store; the given one is left as it was. */
export function runDetection(
  packets: readonly Packet[],
  policy: PolicyView,
  from = emptyDetectionStore(),
): DetectionRun {
  const store: DetectionStore = {
    devices: { ...from.devices },
    gateways: { ...from.gateways },
    dataSources: { ...from.dataSources },
    sessions: { ...from.sessions },
  };
  const alerts: AlertDraft[] = [];
  const cleared: IssueClearance[] = [];
  for (const packet of packets) {
    const deviceKey = deviceStateKey(packet);
    const gatewayKey = gatewayStateKey(packet);
    const dataSourceKey = dataSourceStateKey(packet);
    const sessionKey = sessionStateKey(packet);
    const result = detect({
      session: sessionKey === null ? undefined : store.sessions[sessionKey],
      device: deviceKey === null ? undefined : store.devices[deviceKey],
      gateway: gatewayKey === null ? undefined : store.gateways[gatewayKey],
      dataSource: store.dataSources[dataSourceKey],
      packet,
      policy,
    });
    if (deviceKey !== null && result.device !== undefined) store.devices[deviceKey] = result.device;
    if (gatewayKey !== null && result.gateway !== undefined) store.gateways[gatewayKey] = result.gateway;
    store.dataSources[dataSourceKey] = result.dataSource;
    if (sessionKey !== null && result.session !== undefined) store.sessions[sessionKey] = result.session;
    alerts.push(...result.alerts);
    cleared.push(...result.cleared);
  }
  return { store, alerts, cleared };
}
