import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import {
  buildDataDown,
  buildDataUp,
  buildJoinAccept,
  buildJoinRequest,
} from '@lorawatch/lorawan/build-frames';
import { frameVectors, hex, ttnHandshake } from '@lorawatch/lorawan/testing/fixtures';
import type { IssueClearance } from '../../detector-step';
import { TTN_DEV_EUI } from '../../testing/fixture-packets';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from '../../testing/packet-factory';
import {
  initialSessionDetectors,
  runSessionDetectors,
  type SessionDetectorsState,
} from '../run-session-detectors';

/**
 * Traffic for the session detectors' specifications: the real TTN join and its session keys (an OTAA device),
 * the lora-packet vectors of DevAddr 49be7df1 and more frames under their published keys (a device that never
 * joins), and a fold of runSessionDetectors over a packet list.
 */
export const T0 = '2024-03-01T08:00:00.000Z';
export const at = (seconds: number): string => secondsAfter(T0, seconds);
export const GW_A = 'aa555a0000000101';
export const GW_B = 'aa555a0000000102';
export const GW_C = 'aa555a0000000103';
/** Every type enabled with its catalogue defaults. */
export const DEFAULT_POLICY = new PolicyView([]);

const ttn = ttnHandshake();
const TTN_APP_KEY = hex(ttn.AppKey);
export const TTN_DEV_ADDR = ttn.join_accept.expected.DevAddr;
const TTN_KEYS = { nwkSKey: hex(ttn.session_keys.NwkSKey), appSKey: hex(ttn.session_keys.AppSKey) };

export interface FrameOptions {
  /** Plain application payload; the default depends on the counter so frames differ. */
  payload?: Buffer;
  confirmed?: boolean;
  devAddr?: string;
}

/** The real TTN join request. */
export function ttnJoinRequest(gateway: string, seconds: number): Packet {
  return packetFromPhy(hex(ttn.join_request.phy_hex), { gateway, date: at(seconds) });
}

/** The real TTN join accept, attributed to the device (DevAddr 26012e43 inside). */
export function ttnJoinAccept(gateway: string, seconds: number): Packet {
  return attributedJoinAccept(hex(ttn.join_accept.phy_hex), TTN_DEV_EUI, { gateway, date: at(seconds) });
}

/** A later join of the TTN device under its real AppKey: join request, then the accept 5 s after. */
export function ttnRejoin(devNonce: number, devAddr: string, gateway: string, seconds: number): Packet[] {
  const joinEui = ttn.join_request.expected.JoinEUI;
  const request = buildJoinRequest({ appKey: TTN_APP_KEY, joinEui, devEui: TTN_DEV_EUI, devNonce });
  const accept = buildJoinAccept({ appKey: TTN_APP_KEY, joinNonce: devNonce + 1, netId: '000013', devAddr });
  return [
    packetFromPhy(request, { gateway, date: at(seconds) }),
    attributedJoinAccept(accept, TTN_DEV_EUI, { gateway, date: at(seconds + 5) }),
  ];
}

/** An uplink of the TTN session; `fCnt` is the full 32-bit counter, the air carries its low 16 bits. */
export function ttnUplink(
  fCnt: number,
  gateway: string | null,
  seconds: number,
  options: FrameOptions = {},
): Packet {
  const phy = buildDataUp({
    ...TTN_KEYS,
    devAddr: options.devAddr ?? TTN_DEV_ADDR,
    fCnt,
    fPort: 1,
    payload: options.payload ?? Buffer.from(`reading ${fCnt}`),
    confirmed: options.confirmed,
  });
  // Application events tell the collector which device sent a data frame (docs/wire-formats.md §0).
  return packetFromPhy(phy, { gateway, date: at(seconds), devEui: TTN_DEV_EUI, devEuiInferred: true });
}

export function ttnDownlink(
  fCnt: number,
  gateway: string,
  seconds: number,
  options: FrameOptions = {},
): Packet {
  const phy = buildDataDown({
    ...TTN_KEYS,
    devAddr: options.devAddr ?? TTN_DEV_ADDR,
    fCnt,
    fPort: 2,
    payload: options.payload ?? Buffer.from([fCnt & 0xff]),
    confirmed: options.confirmed,
  });
  return packetFromPhy(phy, { gateway, date: at(seconds), devEui: TTN_DEV_EUI, devEuiInferred: true });
}

const vectors = frameVectors('vectors-lora-packet.json');
const vector = (id: string) => {
  const found = vectors.find((v) => v.id === id);
  if (found === undefined) throw new Error(`no lora-packet vector ${id}`);
  return found;
};
const ABP_KEYS = {
  nwkSKey: hex(vector('lp-data-up-test').keys?.NwkSKey ?? ''),
  appSKey: hex(vector('lp-data-up-test').keys?.AppSKey ?? ''),
};
export const ABP_DEV_ADDR = '49be7df1';

/** The real lora-packet uplinks of DevAddr 49be7df1: FCnt 2 ("test"), 3 (empty) and 4 (44 bytes). */
export function abpVectorUplink(fCnt: 2 | 3 | 4, gateway: string | null, seconds: number): Packet {
  const id = { 2: 'lp-data-up-test', 3: 'lp-data-up-empty-payload', 4: 'lp-data-up-multiblock' }[fCnt];
  return packetFromPhy(hex(vector(id).phy_hex), { gateway, date: at(seconds) });
}

/** The real lora-packet downlink to DevAddr 49be7df1 (FCnt 2, ACK). */
export function abpVectorDownlink(gateway: string, seconds: number): Packet {
  return packetFromPhy(hex(vector('lp-data-down-ack').phy_hex), { gateway, date: at(seconds) });
}

/** More uplinks of DevAddr 49be7df1 under the vectors' published session keys. */
export function abpUplink(
  fCnt: number,
  gateway: string | null,
  seconds: number,
  options: FrameOptions = {},
): Packet {
  const phy = buildDataUp({
    ...ABP_KEYS,
    devAddr: ABP_DEV_ADDR,
    fCnt,
    fPort: 1,
    payload: options.payload ?? Buffer.from(`abp ${fCnt}`),
    confirmed: options.confirmed,
  });
  return packetFromPhy(phy, { gateway, date: at(seconds) });
}

export interface SessionRun {
  state: SessionDetectorsState;
  alerts: AlertDraft[];
  cleared: IssueClearance[];
}

/** Runs the family over the packets in order, as the runner does for one device partition. */
export function given(
  packets: readonly Packet[],
  policy: PolicyView = DEFAULT_POLICY,
  from: SessionDetectorsState = initialSessionDetectors(),
): SessionRun {
  let state = from;
  const alerts: AlertDraft[] = [];
  const cleared: IssueClearance[] = [];
  for (const packet of packets) {
    const step = runSessionDetectors(state, { packet, policy, devAddr: packet.devAddr ?? state.devAddr });
    state = step.state;
    alerts.push(...step.alerts);
    cleared.push(...step.cleared);
  }
  return { state, alerts, cleared };
}

export const ofCode = (code: string, alerts: readonly AlertDraft[]): AlertDraft[] =>
  alerts.filter((alert) => alert.code === code);

/** Counter, new counter and previous packet id of counter alerts. */
export const counterChange = (alert: AlertDraft) => ({
  code: alert.code,
  packetId: alert.packet.id,
  counter: alert.parameters.counter,
  newCounter: alert.parameters.new_counter,
  prevPacketId: alert.parameters.prev_packet_id,
});
