import type { Packet } from '@lorawatch/domain/packet';
import type { AppKeyHit } from '@lorawatch/lorawan/app-keys/find-app-key';
import { keyMatchesJoinRequest } from '@lorawatch/lorawan/app-keys/find-app-key';
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
import { isWellFormedJoinRequest } from './key-audit-packets';
import type { KeyAuditState } from './key-audit-state';
import { runKeySearch, type KeySearchTask } from './key-search';
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
 *
 * The audit is split in two so that the search can run on another thread: planKeyAudit decides, from the state
 * and the packet, either the whole step or the one search to run; applyKeySearch turns the search's result into
 * the step. Both are cheap and pure; only runKeySearch costs CPU. auditJoinKeys chains the three.
 */
export const FULL_SEARCH_INTERVAL_SECONDS = SECONDS_PER_DAY;
export const KEY_MODIFIED_REASON = 'AppKey was modified';

export type KeyAuditInput = DetectorInput & { organizationKeys: readonly string[] };

/** A search the audit needs, with what it takes to finish the step once its result is known. */
export interface PendingKeySearch {
  task: KeySearchTask;
  /** The device's state after the search when it finds nothing. */
  searched: KeyAuditState;
  /** Decided before the search: a confirmed key that stopped matching. */
  cleared: IssueClearance[];
  packet: Packet;
  devAddr: string | null;
}

export type KeyAuditPlan =
  { kind: 'decided'; step: DetectorStep<KeyAuditState> } | { kind: 'search'; search: PendingKeySearch };

const decided = (step: DetectorStep<KeyAuditState>): KeyAuditPlan => ({ kind: 'decided', step });

export function planKeyAudit(state: KeyAuditState, input: KeyAuditInput): KeyAuditPlan {
  const { packet } = input;
  if (packet.mType === 'JoinAccept') return decided(confirmByJoinAccept(state, input));
  if (!isWellFormedJoinRequest(packet)) return decided(unchanged(state));
  const seen = { ...state, lastJoinRequest: newest(state, packet, packet.devNonce) };
  const recovered = state.recovered;
  if (recovered !== null && keyMatchesJoinRequest(Buffer.from(packet.data, 'base64'), recovered.appKey)) {
    if (recovered.confirmed || packet.devNonce === recovered.joinRequest.devNonce)
      return decided(unchanged(seen));
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
    return decided({
      state: { ...seen, recovered: { ...recovered, confirmed: true } },
      alerts: [alert],
      cleared: [],
    });
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
  return planSearch({ ...seen, recovered: null }, input, recovered !== null, cleared);
}

function planSearch(
  state: KeyAuditState,
  input: KeyAuditInput,
  keyChanged: boolean,
  cleared: IssueClearance[],
): KeyAuditPlan {
  const { packet, organizationKeys } = input;
  const fingerprint = organizationKeysFingerprint(organizationKeys);
  const fullSearchDue =
    keyChanged ||
    state.lastFullSearch === null ||
    epochMs(packet.date) - epochMs(state.lastFullSearch.date) >= FULL_SEARCH_INTERVAL_SECONDS * 1000;
  if (!fullSearchDue && fingerprint === state.organizationKeysTried) {
    return decided({ state, alerts: [], cleared });
  }
  const searched: KeyAuditState = {
    ...state,
    organizationKeysTried: fingerprint,
    lastFullSearch: fullSearchDue ? { packetId: packet.id, date: packet.date } : state.lastFullSearch,
  };
  const task: KeySearchTask = {
    frame: packet.data,
    organizationKeys: [...organizationKeys],
    scope: fullSearchDue ? 'all' : 'organization',
  };
  return { kind: 'search', search: { task, searched, cleared, packet, devAddr: input.devAddr } };
}

/** The step once the search has run: LAF-008 with the key and its family when it found one. */
export function applyKeySearch(search: PendingKeySearch, hit: AppKeyHit | null): DetectorStep<KeyAuditState> {
  const { searched, cleared, packet } = search;
  if (hit === null) return { state: searched, alerts: [], cleared };
  const alert = draftAlert({
    code: 'LAF-008',
    packet,
    devAddr: search.devAddr,
    parameters: { app_key: hit.appKey, key_source: hit.family },
  });
  return {
    state: {
      ...searched,
      recovered: { appKey: hit.appKey, family: hit.family, joinRequest: packet, confirmed: false },
    },
    alerts: [alert],
    cleared,
  };
}

/** The whole audit of one packet on the calling thread. */
export function auditJoinKeys(state: KeyAuditState, input: KeyAuditInput): DetectorStep<KeyAuditState> {
  const plan = planKeyAudit(state, input);
  if (plan.kind === 'decided') return plan.step;
  return applyKeySearch(plan.search, runKeySearch(plan.search.task).hit);
}

/** Copies of an older join request arriving late must not hide the newer one a join accept answers. */
function newest(state: KeyAuditState, packet: Packet, devNonce: number) {
  const last = state.lastJoinRequest;
  if (last !== null && epochMs(last.date) > epochMs(packet.date)) return last;
  return { packetId: packet.id, devNonce, date: packet.date };
}
