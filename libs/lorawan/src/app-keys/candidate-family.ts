/**
 * A family of guessed AppKeys. Families write each candidate into one shared 16-byte buffer and hand it to
 * `visit`, so trying a quarter of a million keys allocates nothing; a visitor that keeps a key must copy it.
 */

/** The EUIs of the join request under attack, both in display (big-endian) order, 8 bytes each. */
export interface JoinRequestEuis {
  joinEui: Uint8Array;
  devEui: Uint8Array;
}

/** Returns true to stop the walk (the key was found). */
export type KeyVisitor = (key: Uint8Array) => boolean;

export interface CandidateFamily {
  readonly name: string;
  /** Walks the family in order; true when a visitor stopped it. */
  forEach(euis: JoinRequestEuis, key: Uint8Array, visit: KeyVisitor): boolean;
}

export const KEY_SIZE = 16;

/** The EUIs of a join request frame (wire order on the air, so reversed here). */
export function joinRequestEuis(frame: Uint8Array): JoinRequestEuis {
  return {
    joinEui: Uint8Array.from(frame.subarray(1, 9)).reverse(),
    devEui: Uint8Array.from(frame.subarray(9, 17)).reverse(),
  };
}

/** Fixed keys given as hex (dictionaries, organisation keys); malformed entries are skipped. */
export function hexKeysFamily(name: string, hexKeys: readonly string[]): CandidateFamily {
  const keys = hexKeys
    .filter((hex) => /^[0-9a-fA-F]{32}$/.test(hex))
    .map((hex) => Uint8Array.from(Buffer.from(hex, 'hex')));
  return {
    name,
    forEach(_euis, key, visit) {
      for (const fixed of keys) {
        key.set(fixed);
        if (visit(key)) return true;
      }
      return false;
    },
  };
}

export const toHexKey = (key: Uint8Array): string => Buffer.from(key).toString('hex').toUpperCase();
