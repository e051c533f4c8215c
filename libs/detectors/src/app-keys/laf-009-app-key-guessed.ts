import { confirmWithJoinAccept } from '@lorawatch/lorawan/app-keys/join-accept-confirmation';
import { draftAlert } from '../alert-draft';
import {
  clearance,
  deviceAsset,
  unchanged,
  type DetectorInput,
  type DetectorStep,
  type IssueClearance,
} from '../detector-step';
import type { KeyAuditState, RecoveredAppKey } from './key-audit-state';

/**
 * LAF-009: a second frame proves the key LAF-008 recovered: a join request with another DevNonce that the key
 * verifies, or the join accept sent to the device, decrypted by the key with a valid MIC. It is an issue; a later
 * join request the key no longer verifies clears it.
 */
export const KEY_MODIFIED_REASON = 'AppKey was modified';

/** A join request the recovered key verifies: LAF-009 when it carries another DevNonce than the recovering one. */
export function confirmByJoinRequest(
  seen: KeyAuditState,
  recovered: RecoveredAppKey,
  input: DetectorInput,
): DetectorStep<KeyAuditState> {
  const { packet } = input;
  if (recovered.confirmed || packet.devNonce === recovered.joinRequest.devNonce) return unchanged(seen);
  const alert = draftAlert({
    code: 'LAF-009',
    packet,
    devAddr: input.devAddr,
    prevPacket: recovered.joinRequest,
    parameters: {
      app_key: recovered.appKey,
      dev_addr: input.devAddr,
      packet_id_1: recovered.joinRequest.id,
      packet_type_1: 'JoinRequest',
      packet_type_2: 'JoinRequest',
    },
  });
  return {
    state: { ...seen, recovered: { ...recovered, confirmed: true } },
    alerts: [alert],
    cleared: [],
  };
}

/** A join request a confirmed key no longer verifies: the key was changed, LAF-009 clears. */
export function keyModifiedClearance(input: DetectorInput): IssueClearance {
  const { packet } = input;
  return clearance({
    code: 'LAF-009',
    packet,
    asset: deviceAsset(packet, input.devAddr),
    reason: KEY_MODIFIED_REASON,
  });
}

/**
 * A join accept the ingest attributed to the device (it followed the device's join request) confirms a recovered
 * key when the key decrypts it and its MIC verifies: the network server itself used that AppKey. The DevAddr
 * comes out of the decrypted accept. An accept that does not verify proves nothing (the attribution is a
 * heuristic), so only join requests can show that the key changed.
 */
export function confirmByJoinAccept(state: KeyAuditState, input: DetectorInput): DetectorStep<KeyAuditState> {
  const { packet } = input;
  const recovered = state.recovered;
  if (!packet.devEuiInferred || packet.devEui === null || recovered === null || recovered.confirmed) {
    return unchanged(state);
  }
  const confirmation = confirmWithJoinAccept(
    recovered.appKey,
    Buffer.from(packet.data, 'base64'),
    state.lastJoinRequest?.devNonce ?? null,
  );
  if (confirmation === null) return unchanged(state);
  const alert = draftAlert({
    code: 'LAF-009',
    packet,
    devAddr: confirmation.devAddr,
    prevPacket: recovered.joinRequest,
    parameters: {
      app_key: recovered.appKey,
      dev_addr: confirmation.devAddr,
      packet_id_1: recovered.joinRequest.id,
      packet_type_1: 'JoinRequest',
      packet_type_2: 'JoinAccept',
    },
  });
  return { state: { ...state, recovered: { ...recovered, confirmed: true } }, alerts: [alert], cleared: [] };
}
