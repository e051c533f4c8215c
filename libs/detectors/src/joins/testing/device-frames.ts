import type { Packet } from '@lorawatch/domain/packet';
import { buildDataUp, buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import type { DetectorInput, DetectorStep } from '../../detector-step';
import type { PolicyView } from '@lorawatch/domain/policy';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from '../../testing/packet-factory';

/**
 * Frames of one test device with real MICs, on a readable timeline (seconds after T0), and a runner that feeds
 * them to one detector family the way the detector runner does: in order, state carried from packet to packet.
 */
export const T0 = '2024-03-01T08:00:00.000Z';
export const GW_A = 'aa555a0000000101';
export const GW_B = 'aa555a0000000102';
export const GW_C = 'aa555a0000000103';

export const APP_KEY = Buffer.from('2b7e151628aed2a6abf7158809cf4f3c', 'hex');
export const DEV_EUI = '70b3d54990000001';
export const JOIN_EUI = '70b3d57ed0000001';
export const DEV_ADDR = '26011f2a';
const NWK_S_KEY = Buffer.alloc(16, 0x11);
const APP_S_KEY = Buffer.alloc(16, 0x22);

export interface FrameOptions {
  gateway?: string;
  rssi?: number;
  tmst?: number | null;
}

export function joinRequestAt(seconds: number, devNonce: number, options: FrameOptions = {}): Packet {
  const phy = buildJoinRequest({ appKey: APP_KEY, joinEui: JOIN_EUI, devEui: DEV_EUI, devNonce });
  return packetFromPhy(phy, frameFields(seconds, options));
}

export function joinAcceptAt(seconds: number, devAddr = DEV_ADDR, options: FrameOptions = {}): Packet {
  const phy = buildJoinAccept({ appKey: APP_KEY, joinNonce: 1000 + seconds, netId: '000013', devAddr });
  return attributedJoinAccept(phy, DEV_EUI, frameFields(seconds, options));
}

export interface DataUpOptions extends FrameOptions {
  devAddr?: string;
  confirmed?: boolean;
  /** FRMPayload length in bytes; the PHYPayload is 13 bytes more (header, FPort, MIC). */
  payloadBytes?: number;
  /** False for a frame the collector could not attribute to a DevEUI. */
  attributed?: boolean;
}

export function dataUpAt(seconds: number, fCnt: number, options: DataUpOptions = {}): Packet {
  const phy = buildDataUp({
    nwkSKey: NWK_S_KEY,
    appSKey: APP_S_KEY,
    devAddr: options.devAddr ?? DEV_ADDR,
    fCnt,
    fPort: 1,
    payload: Buffer.alloc(options.payloadBytes ?? 8, 0x42),
    confirmed: options.confirmed ?? false,
  });
  const attributed = options.attributed ?? true;
  return packetFromPhy(phy, {
    ...frameFields(seconds, options),
    devEui: attributed ? DEV_EUI : null,
    devEuiInferred: attributed,
  });
}

function frameFields(seconds: number, options: FrameOptions): Partial<Packet> {
  return {
    date: secondsAfter(T0, seconds),
    gateway: options.gateway ?? GW_A,
    rssi: options.rssi ?? -80,
    tmst: options.tmst ?? null,
  };
}

export type DetectorFamily<TState> = (state: TState, input: DetectorInput) => DetectorStep<TState>;

/** Every step's output, in order; the state after the last packet. */
export interface FamilyRun<TState> {
  state: TState;
  steps: Array<DetectorStep<TState>>;
}

export function runFamily<TState>(
  family: DetectorFamily<TState>,
  initial: TState,
  packets: readonly Packet[],
  policy: PolicyView,
  options: { roundTripState?: boolean } = {},
): FamilyRun<TState> {
  let state = initial;
  let devAddr: string | null = null;
  const steps: Array<DetectorStep<TState>> = [];
  for (const packet of packets) {
    devAddr = packet.devAddr ?? devAddr;
    const step = family(state, { packet, policy, devAddr });
    steps.push(step);
    // The runner persists state as JSON between packets; a round trip must not change what comes next.
    state = options.roundTripState === true ? (JSON.parse(JSON.stringify(step.state)) as TState) : step.state;
  }
  return { state, steps };
}
