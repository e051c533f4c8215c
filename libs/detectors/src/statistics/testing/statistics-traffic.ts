import type { AlertDraft } from '@lorawatch/domain/alert';
import type { AlertCode } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView, type PolicyParameters } from '@lorawatch/domain/policy';
import {
  buildDataDown,
  buildDataUp,
  buildJoinAccept,
  buildJoinRequest,
} from '@lorawatch/lorawan/build-frames';
import type { DetectorStep, IssueClearance } from '../../detector-step';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from '../../testing/packet-factory';
import {
  initialDeviceStatistics,
  updateDeviceStatistics,
  type DeviceStatisticsState,
} from '../update-device-statistics';
import {
  initialGatewayStatistics,
  updateGatewayStatistics,
  type GatewayStatisticsState,
} from '../update-gateway-statistics';

/** Generated traffic of one device, with real MICs, and runners that fold the statistics over it. */

export const T0 = '2024-03-01T08:00:00.000Z';
export const GW_A = 'aa555a0000000101';
export const GW_B = 'aa555a0000000102';
export const GW_C = 'aa555a0000000103';
export const DEV_EUI = '70b3d54990000001';
export const DEV_ADDR = '26012e43';
const JOIN_EUI = '70b3d57ed0000001';
const APP_KEY = Buffer.from('2b7e151628aed2a6abf7158809cf4f3c', 'hex');
const NWK_S_KEY = Buffer.from('44024241ed4ce9a68c6a8bc055233fd3', 'hex');
const APP_S_KEY = Buffer.from('ec925802ae430ca77fd3dd73cb2cc588', 'hex');

export interface RadioFields {
  /** Seconds after T0. */
  at: number;
  gateway?: string | null;
  rssi?: number | null;
  lsnr?: number | null;
  devAddr?: string;
  spreadingFactor?: number;
}

function radio(fields: RadioFields): Partial<Packet> {
  return {
    gateway: fields.gateway === undefined ? GW_A : fields.gateway,
    date: secondsAfter(T0, fields.at),
    devEui: DEV_EUI,
    devEuiInferred: true,
    ...(fields.rssi === undefined ? {} : { rssi: fields.rssi }),
    ...(fields.lsnr === undefined ? {} : { lsnr: fields.lsnr }),
    ...(fields.spreadingFactor === undefined ? {} : { spreadingFactor: fields.spreadingFactor }),
  };
}

export function uplink(fCnt: number, fields: RadioFields & { payload?: Buffer }): Packet {
  const phy = buildDataUp({
    nwkSKey: NWK_S_KEY,
    appSKey: APP_S_KEY,
    devAddr: fields.devAddr ?? DEV_ADDR,
    fCnt,
    fPort: 1,
    payload: fields.payload ?? Buffer.from('21.5C'),
  });
  return packetFromPhy(phy, radio(fields));
}

/** The same frame heard by several gateways, a fraction of a second apart. */
export function heardBy(
  fCnt: number,
  at: number,
  gateways: string[],
  fields: Partial<RadioFields> = {},
): Packet[] {
  return gateways.map((gateway, i) => uplink(fCnt, { ...fields, at: at + i * 0.2, gateway }));
}

export function downlink(fCnt: number, fields: RadioFields): Packet {
  const phy = buildDataDown({
    nwkSKey: NWK_S_KEY,
    appSKey: APP_S_KEY,
    devAddr: fields.devAddr ?? DEV_ADDR,
    fCnt,
    fPort: 1,
    payload: Buffer.from('ok'),
  });
  return packetFromPhy(phy, radio(fields));
}

export function joinRequest(devNonce: number, fields: RadioFields): Packet {
  const phy = buildJoinRequest({ appKey: APP_KEY, joinEui: JOIN_EUI, devEui: DEV_EUI, devNonce });
  return packetFromPhy(phy, radio(fields));
}

export function joinAccept(fields: RadioFields): Packet {
  const phy = buildJoinAccept({ appKey: APP_KEY, joinNonce: fields.at, netId: '000013', devAddr: DEV_ADDR });
  return attributedJoinAccept(phy, DEV_EUI, radio(fields));
}

/** A policy holding the given parameters; every other value is the catalogue default. */
export function policyWith(parameters: Partial<Record<AlertCode, PolicyParameters>> = {}): PolicyView {
  return new PolicyView(
    Object.entries(parameters).map(([code, values]) => ({
      alertTypeCode: code as AlertCode,
      enabled: true,
      parameters: values ?? {},
    })),
  );
}

export interface Run<TState> {
  state: TState;
  alerts: AlertDraft[];
  cleared: IssueClearance[];
}

function fold<TState>(
  packets: readonly Packet[],
  from: TState,
  step: (state: TState, packet: Packet) => DetectorStep<TState>,
): Run<TState> {
  let state = from;
  const alerts: AlertDraft[] = [];
  const cleared: IssueClearance[] = [];
  for (const packet of packets) {
    const result = step(state, packet);
    state = result.state;
    alerts.push(...result.alerts);
    cleared.push(...result.cleared);
  }
  return { state, alerts, cleared };
}

export function runDevice(
  packets: readonly Packet[],
  policy: PolicyView = policyWith(),
  from: DeviceStatisticsState = initialDeviceStatistics(),
): Run<DeviceStatisticsState> {
  return fold(packets, from, (state, packet) =>
    updateDeviceStatistics(state, { packet, policy, devAddr: packet.devAddr }),
  );
}

export function runGateway(
  packets: readonly Packet[],
  policy: PolicyView = policyWith(),
  from: GatewayStatisticsState = initialGatewayStatistics(),
): Run<GatewayStatisticsState> {
  return fold(packets, from, (state, packet) =>
    updateGatewayStatistics(state, { packet, policy, devAddr: packet.devAddr }),
  );
}

/** Frames `first`..`first + count - 1` every `period` seconds from `start`, via one gateway. */
export function everyPeriod(
  first: number,
  count: number,
  start: number,
  period: number,
  fields: Partial<RadioFields> = {},
): Packet[] {
  return Array.from({ length: count }, (_unused, i) =>
    uplink((first + i) % 65536, { ...fields, at: start + i * period }),
  );
}
