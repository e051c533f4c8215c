import type { AppKeyHit } from '@lorawatch/lorawan/app-keys/find-app-key';
import { draftAlert } from '../alert-draft';
import type { DetectorStep, IssueClearance } from '../detector-step';
import { epochMs, SECONDS_PER_DAY } from '../time';
import { decided, type KeyAuditInput, type KeyAuditPlan, type PendingKeySearch } from './key-audit-plan';
import type { KeyAuditState } from './key-audit-state';
import type { KeySearchTask } from './key-search';
import { organizationKeysFingerprint } from './organization-keys-fingerprint';

/**
 * LAF-008: a candidate key reproduces the MIC of the device's join request, so the AppKey is recovered (probable:
 * the MIC has 32 bits; LAF-009 confirms it). The full search (≈ 200,000 keys) runs at most once a day per device
 * while nothing is found, like the original's 24 h guard; a changed organisation key list is tried on the next join
 * request without waiting.
 */
export const FULL_SEARCH_INTERVAL_SECONDS = SECONDS_PER_DAY;

/** The search this join request needs, if any: all candidates when due, else only a changed organisation list. */
export function planSearch(
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
