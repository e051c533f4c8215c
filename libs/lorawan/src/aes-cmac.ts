import { createCipheriv, type Cipher } from 'node:crypto';
import { AES_BLOCK_SIZE } from './aes';

/** RFC 4493 constant for deriving the subkeys of a 128-bit block cipher. */
const RB = 0x87;

/** One left shift of a 16-byte block, with the RFC 4493 conditional XOR of Rb. */
function doubleBlock(block: Buffer): Buffer {
  const out = Buffer.alloc(AES_BLOCK_SIZE);
  for (let i = 0; i < AES_BLOCK_SIZE; i += 1) {
    const carry = i + 1 < AES_BLOCK_SIZE ? block[i + 1] >> 7 : 0;
    out[i] = ((block[i] << 1) & 0xff) | carry;
  }
  if (block[0] & 0x80) out[AES_BLOCK_SIZE - 1] ^= RB;
  return out;
}

/**
 * AES-128-CMAC (RFC 4493) bound to one key. The subkeys and one ECB cipher context are made once, so a key
 * that is checked against many frames (confirmed or organisation AppKeys) pays the set-up cost once, and a
 * dictionary trial costs one context plus one AES call per block.
 */
export class AesCmac {
  readonly k1: Buffer;
  readonly k2: Buffer;
  // ECB keeps no state between blocks, so one context can be fed block after block and never finalised.
  private readonly ecb: Cipher;

  constructor(key: Buffer) {
    if (key.length !== 16) throw new RangeError(`AES-128 key must be 16 bytes, got ${key.length}`);
    this.ecb = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
    const l = this.encryptBlock(Buffer.alloc(AES_BLOCK_SIZE));
    this.k1 = doubleBlock(l);
    this.k2 = doubleBlock(this.k1);
  }

  /** The full 16-byte tag. */
  digest(message: Buffer): Buffer {
    const blockCount = Math.max(1, Math.ceil(message.length / AES_BLOCK_SIZE));
    const lastIsComplete = message.length > 0 && message.length % AES_BLOCK_SIZE === 0;
    let state: Buffer = Buffer.alloc(AES_BLOCK_SIZE);
    for (let b = 0; b < blockCount - 1; b += 1) {
      state = this.encryptBlock(xorInto(state, message, b * AES_BLOCK_SIZE));
    }
    const lastStart = (blockCount - 1) * AES_BLOCK_SIZE;
    const last = Buffer.alloc(AES_BLOCK_SIZE);
    message.copy(last, 0, lastStart);
    if (!lastIsComplete) last[message.length - lastStart] = 0x80;
    const subkey = lastIsComplete ? this.k1 : this.k2;
    for (let i = 0; i < AES_BLOCK_SIZE; i += 1) last[i] ^= state[i] ^ subkey[i];
    return this.encryptBlock(last);
  }

  /** LoRaWAN MICs are the first four bytes of the tag. */
  mic(message: Buffer): Buffer {
    return this.digest(message).subarray(0, 4);
  }

  private encryptBlock(block: Buffer): Buffer {
    return this.ecb.update(block);
  }
}

/** state XOR message[offset .. offset+16), as a new block. */
function xorInto(state: Buffer, message: Buffer, offset: number): Buffer {
  const out = Buffer.alloc(AES_BLOCK_SIZE);
  for (let i = 0; i < AES_BLOCK_SIZE; i += 1) out[i] = state[i] ^ message[offset + i];
  return out;
}

/** One-off CMAC; prefer an AesCmac instance when the same key is used more than once. */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  return new AesCmac(key).digest(message);
}

/** Accepts a raw key or a prepared CMAC, so hot loops can pass the cached form. */
export function cmacFor(key: Buffer | AesCmac): AesCmac {
  return key instanceof AesCmac ? key : new AesCmac(key);
}
