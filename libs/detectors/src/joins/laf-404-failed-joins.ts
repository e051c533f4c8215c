import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import { clearance, deviceAsset, type DetectorInput, type DetectorStep } from '../detector-step';

/**
 * LAF-404: a device sends join request after join request with nothing else in between (docs/alert-catalogue.md LAF-404).
 * Every join request transmission beyond `max_join_request_fails` in a row raises the alert again; the issue
 * tracker keeps those silent while the issue is open. The issue clears when the device is seen in a new session.
 *
 * Only what the device itself achieves counts. A join accept does not reset the count, since the network
 * answering does not mean the device heard it (a device with a wrong key keeps asking). Any other frame does:
 * uplinks and data downlinks (class A downlinks answer an uplink) exist only once the device has a session.
 */
export interface FailedJoinsState {
  /** Join request transmissions since the device's last other frame. */
  consecutive: number;
  /** LAF-404 raised since the last clearance: only then is a new session worth reporting. */
  raised: boolean;
  /** Session addresses of the device's recent data uplinks, oldest first. */
  devAddrs: string[];
  /** A join accept was attributed to the device after its last join request and before any uplink. */
  acceptPending: boolean;
}

/** A device changes address only when it joins again, so a few addresses cover months. */
export const MAX_REMEMBERED_DEV_ADDRS = 8;
export const DEVICE_CONNECTED = 'device connected';

export function initialFailedJoins(): FailedJoinsState {
  return { consecutive: 0, raised: false, devAddrs: [], acceptPending: false };
}

/** Called with join request transmissions only (never another gateway's copy) and every other packet. */
export function detectFailedJoins(
  state: FailedJoinsState,
  input: DetectorInput,
): DetectorStep<FailedJoinsState> {
  const { packet, policy } = input;
  if (packet.mType === 'JoinRequest') {
    const consecutive = state.consecutive + 1;
    const limit = policy.parameter('LAF-404', 'max_join_request_fails');
    if (consecutive <= limit) return step({ ...state, consecutive, acceptPending: false });
    const alert = draftAlert({
      code: 'LAF-404',
      packet,
      devAddr: input.devAddr,
      parameters: { join_requests: consecutive, max_join_request_fails: limit },
    });
    return {
      state: { ...state, consecutive, raised: true, acceptPending: false },
      alerts: [alert],
      cleared: [],
    };
  }
  if (packet.mType === 'JoinAccept') {
    return step(packet.devEuiInferred && packet.devEui !== null ? { ...state, acceptPending: true } : state);
  }
  if (!isDataUplink(packet) || packet.devAddr === null) return step({ ...state, consecutive: 0 });

  const newSession = state.acceptPending || !state.devAddrs.includes(packet.devAddr);
  const next: FailedJoinsState = {
    consecutive: 0,
    raised: state.raised && !newSession,
    devAddrs: [...state.devAddrs.filter((a) => a !== packet.devAddr), packet.devAddr].slice(
      -MAX_REMEMBERED_DEV_ADDRS,
    ),
    acceptPending: false,
  };
  if (!(newSession && state.raised)) return step(next);
  const cleared = clearance({
    code: 'LAF-404',
    packet,
    asset: deviceAsset(packet, input.devAddr),
    reason: DEVICE_CONNECTED,
  });
  return { state: next, alerts: [], cleared: [cleared] };
}

function isDataUplink(packet: Packet): boolean {
  return packet.mType === 'UnconfirmedDataUp' || packet.mType === 'ConfirmedDataUp';
}

function step(state: FailedJoinsState): DetectorStep<FailedJoinsState> {
  return { state, alerts: [], cleared: [] };
}
