import { KEY_SIZE, joinRequestEuis, toHexKey, type CandidateFamily } from './candidate-family';
import { candidateFamilies } from './candidate-order';
import { JoinRequestTrial } from './join-request-trial';

export interface AppKeyHit {
  /** 32 upper-case hex characters. */
  appKey: string;
  /** The family that produced it. */
  family: string;
}

export interface AppKeySearch {
  hit: AppKeyHit | null;
  /** Keys tried, the hit included. */
  trials: number;
}

/**
 * Tries candidate AppKeys against one join request frame (23 bytes) and stops at the first whose CMAC gives the
 * frame's MIC. One match is a 32-bit coincidence with probability about 2⁻³² per key tried (≈ 5·10⁻⁵ for the
 * whole default set), which is why a hit is only "recovered" until a second frame confirms it.
 */
export function findAppKey(
  frame: Uint8Array,
  families: readonly CandidateFamily[] = candidateFamilies([]),
): AppKeySearch {
  const trial = new JoinRequestTrial(frame);
  const euis = joinRequestEuis(frame);
  const key = new Uint8Array(KEY_SIZE);
  for (const family of families) {
    if (family.forEach(euis, key, (candidate) => trial.matches(candidate))) {
      return { hit: { appKey: toHexKey(key), family: family.name }, trials: trial.trials };
    }
  }
  return { hit: null, trials: trial.trials };
}

/** True when the hex key gives the join request's MIC (a stored or organisation key re-checked on a new frame). */
export function keyMatchesJoinRequest(frame: Uint8Array, appKeyHex: string): boolean {
  return new JoinRequestTrial(frame).matches(Buffer.from(appKeyHex, 'hex'));
}
