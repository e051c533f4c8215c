import type { Random } from './random';

/** The AES-128 example key of FIPS-197, which many tutorials and SDK samples ship as a LoRaWAN AppKey. */
export const TUTORIAL_APP_KEY = '2b7e151628aed2a6abf7158809cf4f3c';

/** The ways installers end up with a guessable AppKey, one per device the `weak-key` attack brings. */
export const WEAK_KEY_PATTERNS = ['tutorial-key', 'repeated-byte', 'join-eui-dev-eui'] as const;
export type WeakKeyPattern = (typeof WEAK_KEY_PATTERNS)[number];

/**
 * A weak AppKey for a device: the tutorial key, one byte sixteen times, or the JoinEUI followed by the DevEUI
 * as a provisioning tool displays them (big-endian). The repeated byte comes from the seed.
 */
export function weakAppKey(pattern: WeakKeyPattern, joinEui: string, devEui: string, random: Random): Buffer {
  switch (pattern) {
    case 'tutorial-key':
      return Buffer.from(TUTORIAL_APP_KEY, 'hex');
    case 'repeated-byte':
      return Buffer.alloc(16, random.int(0, 255));
    case 'join-eui-dev-eui':
      return Buffer.from(`${joinEui}${devEui}`, 'hex');
  }
}
