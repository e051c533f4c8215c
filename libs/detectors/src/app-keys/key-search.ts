import { hexKeysFamily, type CandidateFamily } from '@lorawatch/lorawan/app-keys/candidate-family';
import { candidateFamilies, ORGANIZATION_FAMILY_NAME } from '@lorawatch/lorawan/app-keys/candidate-order';
import { findAppKey, type AppKeySearch } from '@lorawatch/lorawan/app-keys/find-app-key';

/**
 * Which candidates to try: every family (the organisation's keys first), or only the organisation's keys when a
 * changed list is tried between two daily full searches.
 */
export type KeySearchScope = 'all' | 'organization';

/**
 * One AppKey search, described as plain data so that it can be handed to another thread as it is: the join
 * request and the candidate families by name, never the families' code.
 */
export interface KeySearchTask {
  /** The 23-byte join request, base64 as in the packet. */
  frame: string;
  organizationKeys: string[];
  scope: KeySearchScope;
}

export type KeySearchResult = AppKeySearch;

export function keySearchFamilies(
  task: Pick<KeySearchTask, 'organizationKeys' | 'scope'>,
): CandidateFamily[] {
  return task.scope === 'all'
    ? candidateFamilies(task.organizationKeys)
    : [hexKeysFamily(ORGANIZATION_FAMILY_NAME, task.organizationKeys)];
}

/** The costly part of the audit (≈ 200,000 AES-CMAC trials for a full search): pure, and safe to run anywhere. */
export function runKeySearch(task: KeySearchTask): KeySearchResult {
  return findAppKey(Buffer.from(task.frame, 'base64'), keySearchFamilies(task));
}
