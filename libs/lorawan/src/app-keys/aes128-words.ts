/**
 * AES-128 encryption on 32-bit words, for trying many keys against one join request. node:crypto needs a new
 * cipher context per key (its set-up dominates a three-block CMAC), while this keeps one key schedule and one
 * output array that every trial overwrites, so a trial allocates nothing. Blocks are four big-endian words.
 * Not constant-time: it only ever handles guessed keys and frames captured on the air, never a secret.
 */

const SBOX = new Uint8Array(256);
/** Round tables: SubBytes, ShiftRows and MixColumns of one byte position folded into one lookup. */
const T0 = new Int32Array(256);
const T1 = new Int32Array(256);
const T2 = new Int32Array(256);
const T3 = new Int32Array(256);
/** Round constants of the key schedule, already in the top byte. */
const RCON = new Int32Array(10);

/** Multiplication by x in GF(2^8) modulo the AES polynomial x^8 + x^4 + x^3 + x + 1. */
const times2 = (a: number): number => ((a << 1) ^ (a & 0x80 ? 0x1b : 0)) & 0xff;
const rotl8 = (a: number, n: number): number => ((a << n) | (a >> (8 - n))) & 0xff;
const rotr32 = (w: number, n: number): number => (w >>> n) | (w << (32 - n));

function buildTables(): void {
  // Powers and logarithms of the generator 3 give the multiplicative inverses the S-box starts from.
  const power = new Uint8Array(255);
  const log = new Uint8Array(256);
  let value = 1;
  for (let i = 0; i < 255; i += 1) {
    power[i] = value;
    log[value] = i;
    value ^= times2(value);
  }
  for (let a = 0; a < 256; a += 1) {
    const inverse = a === 0 ? 0 : power[(255 - log[a]) % 255];
    SBOX[a] = inverse ^ rotl8(inverse, 1) ^ rotl8(inverse, 2) ^ rotl8(inverse, 3) ^ rotl8(inverse, 4) ^ 0x63;
    const s = SBOX[a];
    const column = (times2(s) << 24) | (s << 16) | (s << 8) | (times2(s) ^ s);
    T0[a] = column;
    T1[a] = rotr32(column, 8);
    T2[a] = rotr32(column, 16);
    T3[a] = rotr32(column, 24);
  }
  let rcon = 1;
  for (let i = 0; i < 10; i += 1) {
    RCON[i] = rcon << 24;
    rcon = times2(rcon);
  }
}
buildTables();

const subWord = (w: number): number =>
  (SBOX[w >>> 24] << 24) | (SBOX[(w >>> 16) & 0xff] << 16) | (SBOX[(w >>> 8) & 0xff] << 8) | SBOX[w & 0xff];

export class Aes128Words {
  private readonly roundKeys = new Int32Array(44);
  /** The last block encrypted; overwritten by the next call. */
  readonly out = new Int32Array(4);

  /** Loads a 16-byte key that starts at `offset`. */
  setKey(key: Uint8Array, offset = 0): void {
    const rk = this.roundKeys;
    for (let i = 0; i < 4; i += 1) {
      const at = offset + 4 * i;
      rk[i] = (key[at] << 24) | (key[at + 1] << 16) | (key[at + 2] << 8) | key[at + 3];
    }
    for (let i = 4; i < 44; i += 1) {
      let word = rk[i - 1];
      if (i % 4 === 0) word = subWord((word << 8) | (word >>> 24)) ^ RCON[i / 4 - 1];
      rk[i] = rk[i - 4] ^ word;
    }
  }

  /** Encrypts the block (b0, b1, b2, b3) into `out`. */
  encrypt(b0: number, b1: number, b2: number, b3: number): Int32Array {
    const rk = this.roundKeys;
    let s0 = b0 ^ rk[0];
    let s1 = b1 ^ rk[1];
    let s2 = b2 ^ rk[2];
    let s3 = b3 ^ rk[3];
    for (let round = 1; round < 10; round += 1) {
      const k = round * 4;
      const t0 = T0[s0 >>> 24] ^ T1[(s1 >>> 16) & 0xff] ^ T2[(s2 >>> 8) & 0xff] ^ T3[s3 & 0xff] ^ rk[k];
      const t1 = T0[s1 >>> 24] ^ T1[(s2 >>> 16) & 0xff] ^ T2[(s3 >>> 8) & 0xff] ^ T3[s0 & 0xff] ^ rk[k + 1];
      const t2 = T0[s2 >>> 24] ^ T1[(s3 >>> 16) & 0xff] ^ T2[(s0 >>> 8) & 0xff] ^ T3[s1 & 0xff] ^ rk[k + 2];
      const t3 = T0[s3 >>> 24] ^ T1[(s0 >>> 16) & 0xff] ^ T2[(s1 >>> 8) & 0xff] ^ T3[s2 & 0xff] ^ rk[k + 3];
      s0 = t0;
      s1 = t1;
      s2 = t2;
      s3 = t3;
    }
    const out = this.out;
    out[0] = lastRound(s0, s1, s2, s3) ^ rk[40];
    out[1] = lastRound(s1, s2, s3, s0) ^ rk[41];
    out[2] = lastRound(s2, s3, s0, s1) ^ rk[42];
    out[3] = lastRound(s3, s0, s1, s2) ^ rk[43];
    return out;
  }
}

/** The final round has no MixColumns: S-box and ShiftRows only. */
function lastRound(a: number, b: number, c: number, d: number): number {
  return (
    (SBOX[a >>> 24] << 24) | (SBOX[(b >>> 16) & 0xff] << 16) | (SBOX[(c >>> 8) & 0xff] << 8) | SBOX[d & 0xff]
  );
}
