import { confirmWithJoinAccept } from '@lorawatch/lorawan/app-keys/join-accept-confirmation';
import { draftAlert } from '../alert-draft';
import { unchanged, type DetectorInput, type DetectorStep } from '../detector-step';
import type { KeyAuditState } from './key-audit-state';

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
