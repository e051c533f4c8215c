import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * Raw AES-128 in ECB mode over whole blocks. LoRaWAN uses the block cipher directly (key derivation, join-accept
 * "encryption", the payload keystream), so padding is always off and the input must be block aligned.
 */
export const AES_BLOCK_SIZE = 16;

function assertKeyAndBlocks(key: Buffer, data: Buffer): void {
  if (key.length !== 16) throw new RangeError(`AES-128 key must be 16 bytes, got ${key.length}`);
  if (data.length % AES_BLOCK_SIZE !== 0) {
    throw new RangeError(`AES-ECB input must be a multiple of 16 bytes, got ${data.length}`);
  }
}

export function aesEcbEncrypt(key: Buffer, data: Buffer): Buffer {
  assertKeyAndBlocks(key, data);
  const cipher = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function aesEcbDecrypt(key: Buffer, data: Buffer): Buffer {
  assertKeyAndBlocks(key, data);
  const decipher = createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}
