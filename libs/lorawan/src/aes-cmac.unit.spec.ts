import { createCipheriv } from 'node:crypto';
import loraPacket from 'lora-packet';
import { AesCmac, aesCmac } from './aes-cmac';
import { joinRequestMic } from './join';
import { hex } from './testing/fixtures';

// RFC 4493 §4 test vectors (AES-128 key of FIPS-197 / SP 800-38B).
const RFC_KEY = hex('2b7e151628aed2a6abf7158809cf4f3c');
const RFC_MESSAGE = hex(
  '6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710',
);
const RFC_CASES: Array<[length: number, tag: string]> = [
  [0, 'bb1d6929e95937287fa37d129b756746'],
  [16, '070a16b46b4d4144f79bdd9dd04a287c'],
  [40, 'dfa66747de9ae63030ca32611497c827'],
  [64, '51f0bebf7e3b9d92fc49741779363cfe'],
];

/** Textbook CMAC over a fresh CBC context, as an independent reference for the cached implementation. */
function referenceCmac(key: Buffer, message: Buffer): Buffer {
  const cmac = new AesCmac(key);
  const complete = message.length > 0 && message.length % 16 === 0;
  const padded = Buffer.alloc(Math.max(16, Math.ceil(message.length / 16) * 16));
  message.copy(padded);
  if (!complete) padded[message.length] = 0x80;
  const subkey = complete ? cmac.k1 : cmac.k2;
  for (let i = 0; i < 16; i += 1) padded[padded.length - 16 + i] ^= subkey[i];
  const cbc = createCipheriv('aes-128-cbc', key, Buffer.alloc(16)).setAutoPadding(false);
  const out = Buffer.concat([cbc.update(padded), cbc.final()]);
  return out.subarray(out.length - 16);
}

describe('AES-128-CMAC (RFC 4493)', () => {
  it('derives the RFC subkeys', () => {
    const cmac = new AesCmac(RFC_KEY);
    expect(cmac.k1.toString('hex')).toBe('fbeed618357133667c85e08f7236a8de');
    expect(cmac.k2.toString('hex')).toBe('f7ddac306ae266ccf90bc11ee46d513b');
  });

  it.each(RFC_CASES)('tags the %i-byte RFC message', (length, tag) => {
    expect(aesCmac(RFC_KEY, RFC_MESSAGE.subarray(0, length)).toString('hex')).toBe(tag);
  });

  it('gives the same tags when one instance is reused in any order (cached cipher context)', () => {
    const cmac = new AesCmac(RFC_KEY);
    for (const [length, tag] of [...RFC_CASES, ...RFC_CASES.slice().reverse()]) {
      expect(cmac.digest(RFC_MESSAGE.subarray(0, length)).toString('hex')).toBe(tag);
    }
    expect(cmac.mic(RFC_MESSAGE.subarray(0, 16)).toString('hex')).toBe('070a16b4');
  });

  it('agrees with a CBC-based reference for every length 0..70', () => {
    const key = hex('000102030405060708090a0b0c0d0e0f');
    const cmac = new AesCmac(key);
    for (let length = 0; length <= 70; length += 1) {
      const message = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) & 0xff));
      expect(cmac.digest(message).equals(referenceCmac(key, message))).toBe(true);
    }
  });

  it('agrees with lora-packet on join-request MICs', () => {
    const frame = hex('0039363463336913aa05693574323831330489c65b1304');
    const parsed = loraPacket.fromWire(frame);
    for (let seed = 1; seed <= 20; seed += 1) {
      const key = Buffer.from(Array.from({ length: 16 }, (_, i) => (i * seed * 29 + seed) & 0xff));
      expect(joinRequestMic(key, frame).equals(loraPacket.calculateMIC(parsed, undefined, key))).toBe(true);
    }
  });

  it('rejects keys that are not 16 bytes', () => {
    expect(() => new AesCmac(Buffer.alloc(15))).toThrow(RangeError);
  });
});
