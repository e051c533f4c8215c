import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import {
  joinRequestSnapshot,
  type JoinRequestSighting,
  type JoinRequestTransmission,
} from './join-request-transmissions';
import { epochMs, SECONDS_PER_DAY } from '../time';

/**
 * LAF-001: a device that has joined sends a join request with a DevNonce it used before (docs/alert-catalogue.md LAF-001).
 * A repeat before any join accept is left alone: devices retrying a failed join and random 16-bit nonces
 * colliding are both common, while a joined device has no reason to go back to an old nonce.
 */

/** Where a DevNonce was last used. */
export interface DevNonceUse {
  devNonce: number;
  packetId: string;
  date: string;
}

export interface DevNonceHistoryState {
  /** One entry per DevNonce, least recently used first. */
  uses: DevNonceUse[];
  /** A join accept was attributed to the device after its last join request with a fresh nonce. */
  hasJoined: boolean;
}

/**
 * 128 nonces and 30 days: enough to span days of a device stuck joining and months of a healthy one, while
 * a longer memory of random nonces mostly adds innocent collisions (about 12 % once 128 are stored), and ids
 * older than the packet-log retention could not be shown.
 */
export const MAX_DEV_NONCE_USES = 128;
export const MAX_DEV_NONCE_AGE_SECONDS = 30 * SECONDS_PER_DAY;

export interface DevNonceRepeatedInput {
  state: DevNonceHistoryState;
  packet: Packet;
  /** How the join request tracker classified the packet (join requests only). */
  sighting: JoinRequestSighting | null;
  /** Join request transmissions before this packet, to attach the previous packet's snapshot. */
  transmissions: readonly JoinRequestTransmission[];
  devAddr: string | null;
}

export interface DevNonceRepeatedOutput {
  state: DevNonceHistoryState;
  alerts: AlertDraft[];
}

export function detectDevNonceRepeated(input: DevNonceRepeatedInput): DevNonceRepeatedOutput {
  const { state, packet } = input;
  if (packet.mType === 'JoinAccept' && packet.devEuiInferred && packet.devEui !== null) {
    return { state: state.hasJoined ? state : { ...state, hasJoined: true }, alerts: [] };
  }
  if (packet.mType !== 'JoinRequest' || packet.devNonce === null || input.sighting === null) {
    return { state, alerts: [] };
  }
  // Other gateways' copies of one transmission, and re-deliveries, are not a second use of the nonce.
  if (input.sighting.kind === 'gateway-copy' || input.sighting.kind === 'redelivery')
    return { state, alerts: [] };

  const devNonce = packet.devNonce;
  const previous = state.uses.find((use) => use.devNonce === devNonce);
  const current: DevNonceUse = { devNonce, packetId: packet.id, date: packet.date };
  const uses = bounded([...state.uses.filter((use) => use.devNonce !== devNonce), current], packet.date);
  if (previous === undefined) return { state: { uses, hasJoined: false }, alerts: [] };

  const alerts = state.hasJoined
    ? [
        draftAlert({
          code: 'LAF-001',
          packet,
          devAddr: input.devAddr,
          prevPacket: joinRequestSnapshot(input.transmissions, previous.packetId),
          parameters: { dev_nonce: devNonce, prev_packet_id: previous.packetId },
        }),
      ]
    : [];
  return { state: { uses, hasJoined: state.hasJoined }, alerts };
}

function bounded(uses: DevNonceUse[], now: string): DevNonceUse[] {
  const nowMs = epochMs(now);
  return uses
    .filter((use) => nowMs - epochMs(use.date) <= MAX_DEV_NONCE_AGE_SECONDS * 1000)
    .slice(-MAX_DEV_NONCE_USES);
}
