import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { candidateFamilies, ORGANIZATION_FAMILY_NAME } from '@lorawatch/lorawan/app-keys/candidate-order';
import { hexKeysFamily } from '@lorawatch/lorawan/app-keys/candidate-family';
import { findAppKey, keyMatchesJoinRequest } from '@lorawatch/lorawan/app-keys/find-app-key';
import { JOIN_REQUEST_SIZE } from '@lorawatch/lorawan/frame-sizes';
import { draftAlert } from '../alert-draft';
import {
  clearance,
  deviceAsset,
  unchanged,
  type DetectorInput,
  type DetectorStep,
  type IssueClearance,
} from '../detector-step';
import { epochMs, SECONDS_PER_DAY } from '../time';
import { confirmByJoinAccept } from './confirm-by-join-accept';
import type { KeyAuditState } from './key-audit-state';
import { organizationKeysFingerprint } from './organization-keys-fingerprint';

/**
 * LAF-008 / LAF-009: is the device's AppKey one an attacker would guess? Each join request is a known-plaintext
 * sample: a candidate key that reproduces its MIC is recovered (LAF-008, probable: 32-bit MIC); the same key
 * verifying a second join request with another DevNonce, or decrypting the join accept sent to the device with
 * a valid MIC, confirms it (LAF-009, an issue). A later join request the key no longer verifies clears LAF-009.
 *
 * The full search (≈ 200,000 keys) runs at most once a day per device while nothing is found, like the
 * original's 24 h guard; a known key is re-checked on each join request at the cost of one trial, and a changed
 * organisation key list is tried on the next join request without waiting.
 */
export const FULL_SEARCH_INTERVAL_SECONDS = SECONDS_PER_DAY;
export const KEY_MODIFIED_REASON = 'AppKey was modified';

export type KeyAuditInput = DetectorInput & { organizationKeys: readonly string[] };

export function auditJoinKeys(state: KeyAuditState, input: KeyAuditInput): DetectorStep<KeyAuditState> {
  const { packet } = input;
  if (packet.mType === 'JoinAccept') return confirmByJoinAccept(state, input);
  if (packet.mType !== 'JoinRequest' || packet.devEui === null || packet.devNonce === null) {
    return unchanged(state);
  }
  const frame = Buffer.from(packet.data, 'base64');
  if (frame.length !== JOIN_REQUEST_SIZE) return unchanged(state);
  const seen = { ...state, lastJoinRequest: newest(state, packet, packet.devNonce) };
  const recovered = state.recovered;
  if (recovered !== null && keyMatchesJoinRequest(frame, recovered.appKey)) {
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
    return { state: { ...seen, recovered: { ...recovered, confirmed: true } }, alerts: [alert], cleared: [] };
  }
  const cleared: IssueClearance[] =
    recovered?.confirmed === true
      ? [
          clearance({
            code: 'LAF-009',
            packet,
            asset: deviceAsset(packet, input.devAddr),
            reason: KEY_MODIFIED_REASON,
          }),
        ]
      : [];
  // A key that stopped matching was changed: search again at once, the new key may be weak too.
  const search = searchKeys({ ...seen, recovered: null }, frame, input, recovered !== null);
  return { state: search.state, alerts: search.alerts, cleared };
}

function searchKeys(
  state: KeyAuditState,
  frame: Buffer,
  input: KeyAuditInput,
  keyChanged: boolean,
): { state: KeyAuditState; alerts: AlertDraft[] } {
  const { packet, organizationKeys } = input;
  const fingerprint = organizationKeysFingerprint(organizationKeys);
  const fullSearchDue =
    keyChanged ||
    state.lastFullSearch === null ||
    epochMs(packet.date) - epochMs(state.lastFullSearch.date) >= FULL_SEARCH_INTERVAL_SECONDS * 1000;
  if (!fullSearchDue && fingerprint === state.organizationKeysTried) return { state, alerts: [] };
  const families = fullSearchDue
    ? candidateFamilies(organizationKeys)
    : [hexKeysFamily(ORGANIZATION_FAMILY_NAME, organizationKeys)];
  const { hit } = findAppKey(frame, families);
  const searched: KeyAuditState = {
    ...state,
    organizationKeysTried: fingerprint,
    lastFullSearch: fullSearchDue ? { packetId: packet.id, date: packet.date } : state.lastFullSearch,
  };
  if (hit === null) return { state: searched, alerts: [] };
  const alert = draftAlert({
    code: 'LAF-008',
    packet,
    devAddr: input.devAddr,
    parameters: { app_key: hit.appKey, key_source: hit.family },
  });
  return {
    state: {
      ...searched,
      recovered: { appKey: hit.appKey, family: hit.family, joinRequest: packet, confirmed: false },
    },
    alerts: [alert],
  };
}

/** Copies of an older join request arriving late must not hide the newer one a join accept answers. */
function newest(state: KeyAuditState, packet: Packet, devNonce: number) {
  const last = state.lastJoinRequest;
  if (last !== null && epochMs(last.date) > epochMs(packet.date)) return last;
  return { packetId: packet.id, devNonce, date: packet.date };
}
