import { createHash } from 'node:crypto';

/** Order- and case-independent, so re-saving the same list does not trigger a new search. */
export function organizationKeysFingerprint(keys: readonly string[]): string {
  const normalised = [...new Set(keys.map((key) => key.toUpperCase()))].sort();
  return createHash('sha256').update(normalised.join(',')).digest('hex').slice(0, 16);
}
