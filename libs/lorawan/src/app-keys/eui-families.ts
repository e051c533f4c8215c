import { createHash } from 'node:crypto';
import type { CandidateFamily, JoinRequestEuis, KeyVisitor } from './candidate-family';

/**
 * Keys people derive from the device's own identifiers. Installers and firmware often fill the 16-byte AppKey
 * from the 8-byte EUIs they have at hand, in whichever byte order their tool shows, so both orders are tried.
 */

const reversed = (eui: Uint8Array): Uint8Array => Uint8Array.from(eui).reverse();

/** The EUIs in display order and in wire order: [joinEui, devEui] pairs. */
function byteOrders({ joinEui, devEui }: JoinRequestEuis): Array<[Uint8Array, Uint8Array]> {
  return [
    [joinEui, devEui],
    [reversed(joinEui), reversed(devEui)],
  ];
}

function visitHalves(key: Uint8Array, first: Uint8Array, second: Uint8Array, visit: KeyVisitor): boolean {
  key.set(first, 0);
  key.set(second, 8);
  return visit(key);
}

/** JoinEUI‖DevEUI, DevEUI‖JoinEUI, DevEUI‖DevEUI, JoinEUI‖JoinEUI. */
export const euiConcatenations: CandidateFamily = {
  name: 'eui-concatenations',
  forEach(euis, key, visit) {
    for (const [join, dev] of byteOrders(euis)) {
      const pairs: Array<[Uint8Array, Uint8Array]> = [
        [join, dev],
        [dev, join],
        [dev, dev],
        [join, join],
      ];
      for (const [first, second] of pairs) if (visitHalves(key, first, second, visit)) return true;
    }
    return false;
  },
};

/** The two EUIs woven byte by byte, DevEUI first or JoinEUI first. */
export const euiInterleavings: CandidateFamily = {
  name: 'eui-interleavings',
  forEach(euis, key, visit) {
    for (const [join, dev] of byteOrders(euis)) {
      for (const [a, b] of [
        [dev, join],
        [join, dev],
      ]) {
        for (let i = 0; i < 8; i += 1) {
          key[2 * i] = a[i];
          key[2 * i + 1] = b[i];
        }
        if (visit(key)) return true;
      }
    }
    return false;
  },
};

/** An EUI followed or preceded by eight copies of one byte. */
export const euiWithRepeatedByte: CandidateFamily = {
  name: 'eui-with-repeated-byte',
  forEach(euis, key, visit) {
    for (const [join, dev] of byteOrders(euis)) {
      for (const eui of [dev, join]) {
        for (let value = 0; value < 256; value += 1) {
          key.set(eui, 0);
          key.fill(value, 8);
          if (visit(key)) return true;
          key.fill(value, 0, 8);
          key.set(eui, 8);
          if (visit(key)) return true;
        }
      }
    }
    return false;
  },
};

const HASHES = ['md5', 'sha1', 'sha256', 'sha3-256', 'sha3-224'] as const;

/**
 * Digests of the EUIs and of their concatenations, cut to the first and to the last 16 bytes (MD5 is exactly
 * 16). The digest input is tried as bytes (both orders) and as the hex text people type (both cases).
 */
export const euiHashes: CandidateFamily = {
  name: 'eui-hashes',
  forEach(euis, key, visit) {
    for (const input of hashInputs(euis)) {
      for (const algorithm of HASHES) {
        const digest = createHash(algorithm).update(input).digest();
        key.set(digest.subarray(0, 16));
        if (visit(key)) return true;
        if (digest.length > 16) {
          key.set(digest.subarray(digest.length - 16));
          if (visit(key)) return true;
        }
      }
    }
    return false;
  },
};

function hashInputs(euis: JoinRequestEuis): Buffer[] {
  const inputs: Buffer[] = [];
  for (const [join, dev] of byteOrders(euis)) {
    const parts = [join, dev, Buffer.concat([join, dev]), Buffer.concat([dev, join])].map((bytes) =>
      Buffer.from(bytes),
    );
    inputs.push(...parts);
    if (join === euis.joinEui) {
      for (const part of parts) {
        const text = part.toString('hex');
        inputs.push(Buffer.from(text), Buffer.from(text.toUpperCase()));
      }
    }
  }
  return inputs;
}
