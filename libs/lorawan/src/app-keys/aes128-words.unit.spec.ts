import { createCipheriv, randomBytes } from 'node:crypto';
import { hex } from '../testing/fixtures';
import { Aes128Words } from './aes128-words';

function encryptWithWords(key: Buffer, block: Buffer): Buffer {
  const aes = new Aes128Words();
  aes.setKey(key);
  const out = aes.encrypt(
    block.readInt32BE(0),
    block.readInt32BE(4),
    block.readInt32BE(8),
    block.readInt32BE(12),
  );
  const bytes = Buffer.alloc(16);
  out.forEach((word, i) => bytes.writeInt32BE(word, 4 * i));
  return bytes;
}

const opensslEncrypt = (key: Buffer, block: Buffer): Buffer =>
  createCipheriv('aes-128-ecb', key, null).setAutoPadding(false).update(block);

describe('AES-128 on words', () => {
  it('gives the FIPS-197 appendix C.1 ciphertext', () => {
    const key = hex('000102030405060708090a0b0c0d0e0f');
    const plaintext = hex('00112233445566778899aabbccddeeff');
    expect(encryptWithWords(key, plaintext).toString('hex')).toBe('69c4e0d86a7b0430d8cdb78070b4c55a');
  });

  it('agrees with OpenSSL on random keys and blocks', () => {
    for (let i = 0; i < 500; i += 1) {
      const key = randomBytes(16);
      const block = randomBytes(16);
      expect(encryptWithWords(key, block).toString('hex')).toBe(opensslEncrypt(key, block).toString('hex'));
    }
  });

  it('reads a key at an offset and forgets the previous key', () => {
    const aes = new Aes128Words();
    const keys = randomBytes(48);
    aes.setKey(keys, 0);
    aes.setKey(keys, 16);
    const block = randomBytes(16);
    const out = aes.encrypt(
      block.readInt32BE(0),
      block.readInt32BE(4),
      block.readInt32BE(8),
      block.readInt32BE(12),
    );
    expect(out[0]).toBe(opensslEncrypt(keys.subarray(16, 32), block).readInt32BE(0));
  });
});
