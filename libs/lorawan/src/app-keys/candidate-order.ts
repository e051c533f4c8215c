import { hexKeysFamily, type CandidateFamily } from './candidate-family';
import {
  alternatingBytes,
  byteSequences,
  leadingByteThenRepeated,
  repeatedBytes,
  zerosThenTwoBytes,
} from './byte-pattern-families';
import { euiConcatenations, euiHashes, euiInterleavings, euiWithRepeatedByte } from './eui-families';
import { WELL_KNOWN_APP_KEYS } from './well-known-app-keys';

/**
 * Every candidate, cheapest and likeliest first: the organisation's own keys (the operator listed them because
 * they are in use), then the few keys built from the EUIs, then the small hand-typed patterns and the published
 * defaults, and last the three two-byte families of 65,536 keys each, which make up 98 % of the work.
 */
export const WELL_KNOWN_FAMILY = hexKeysFamily('well-known', WELL_KNOWN_APP_KEYS);

export const GENERATED_FAMILIES: readonly CandidateFamily[] = [
  euiConcatenations,
  repeatedBytes,
  byteSequences,
  WELL_KNOWN_FAMILY,
  euiInterleavings,
  euiHashes,
  euiWithRepeatedByte,
  zerosThenTwoBytes,
  leadingByteThenRepeated,
  alternatingBytes,
];

export const ORGANIZATION_FAMILY_NAME = 'organization';

export function candidateFamilies(organizationKeys: readonly string[]): CandidateFamily[] {
  return [hexKeysFamily(ORGANIZATION_FAMILY_NAME, organizationKeys), ...GENERATED_FAMILIES];
}
