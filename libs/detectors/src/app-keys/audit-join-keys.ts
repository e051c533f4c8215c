import type { Packet } from '@lorawatch/domain/packet';
import { keyMatchesJoinRequest } from '@lorawatch/lorawan/app-keys/find-app-key';
import { unchanged, type DetectorStep, type IssueClearance } from '../detector-step';
import { epochMs } from '../time';
import { isWellFormedJoinRequest } from './key-audit-packets';
import { decided, type KeyAuditInput, type KeyAuditPlan } from './key-audit-plan';
import type { KeyAuditState } from './key-audit-state';
import { runKeySearch } from './key-search';
import { applyKeySearch, planSearch } from './laf-008-app-key-recovered';
import { confirmByJoinAccept, confirmByJoinRequest, keyModifiedClearance } from './laf-009-app-key-guessed';

/**
 * The AppKey audit of one device (LAF-008, LAF-009): is the device's AppKey one an attacker would guess? Each join
 * request is a known-plaintext sample: a candidate key that reproduces its MIC is recovered (LAF-008); a second
 * frame proves it (LAF-009). A known key is re-checked on each join request at the cost of one trial; a key that
 * stopped matching was changed, and the search runs again at once.
 *
 * planKeyAudit decides, from the state and the packet, either the whole step or the one search to run;
 * applyKeySearch turns the search's result into the step. Both are cheap and pure; only runKeySearch costs CPU.
 * auditJoinKeys chains the three.
 */
export function planKeyAudit(state: KeyAuditState, input: KeyAuditInput): KeyAuditPlan {
  const { packet } = input;
  if (packet.mType === 'JoinAccept') return decided(confirmByJoinAccept(state, input));
  if (!isWellFormedJoinRequest(packet)) return decided(unchanged(state));
  const seen = { ...state, lastJoinRequest: newest(state, packet, packet.devNonce) };
  const recovered = state.recovered;
  if (recovered !== null && keyMatchesJoinRequest(Buffer.from(packet.data, 'base64'), recovered.appKey)) {
    return decided(confirmByJoinRequest(seen, recovered, input));
  }
  const cleared: IssueClearance[] = recovered?.confirmed === true ? [keyModifiedClearance(input)] : [];
  // A key that stopped matching was changed: search again at once, the new key may be weak too.
  return planSearch({ ...seen, recovered: null }, input, recovered !== null, cleared);
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
