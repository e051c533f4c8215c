import { JOIN_REQUEST_SIZE } from '../frame-sizes';
import { mTypeOfMhdr } from '../mhdr';
import { Aes128Words } from './aes128-words';

/** The MIC covers MHDR | JoinEUI | DevEUI | DevNonce: one full block, then three bytes padded with 0x80. */
const MIC_OFFSET = 19;

/** One CMAC subkey doubling (RFC 4493) on a block held as four big-endian words. */
function double(w: Int32Array): void {
  const carry = w[0] >>> 31;
  w[0] = (w[0] << 1) | (w[1] >>> 31);
  w[1] = (w[1] << 1) | (w[2] >>> 31);
  w[2] = (w[2] << 1) | (w[3] >>> 31);
  w[3] = (w[3] << 1) ^ (carry ? 0x87 : 0);
}

/**
 * Tests guessed AppKeys against one captured join request: a key passes when the AES-CMAC of the frame under it
 * starts with the frame's MIC. The frame's blocks are prepared once, and each trial is three AES blocks (the
 * subkey, the first block, the padded last block) on a reused cipher, without allocation.
 */
export class JoinRequestTrial {
  private readonly aes = new Aes128Words();
  private readonly subkey = new Int32Array(4);
  private readonly first: readonly [number, number, number, number];
  private readonly lastWord: number;
  private readonly mic: number;
  /** Keys tried so far, for throughput figures. */
  trials = 0;

  constructor(frame: Uint8Array) {
    if (frame.length !== JOIN_REQUEST_SIZE || mTypeOfMhdr(frame[0]) !== 'JoinRequest') {
      throw new RangeError(`not a ${JOIN_REQUEST_SIZE}-byte join request`);
    }
    const word = (at: number) =>
      (frame[at] << 24) | (frame[at + 1] << 16) | (frame[at + 2] << 8) | frame[at + 3];
    this.first = [word(0), word(4), word(8), word(12)];
    this.lastWord = (frame[16] << 24) | (frame[17] << 16) | (frame[18] << 8) | 0x80;
    this.mic = word(MIC_OFFSET);
  }

  /** True when the 16 bytes at `offset` give the frame's MIC. */
  matches(key: Uint8Array, offset = 0): boolean {
    this.trials += 1;
    const aes = this.aes;
    aes.setKey(key, offset);
    const k = this.subkey;
    k.set(aes.encrypt(0, 0, 0, 0));
    double(k);
    double(k);
    const [m0, m1, m2, m3] = this.first;
    const x = aes.encrypt(m0, m1, m2, m3);
    const tag = aes.encrypt(x[0] ^ this.lastWord ^ k[0], x[1] ^ k[1], x[2] ^ k[2], x[3] ^ k[3]);
    return tag[0] === this.mic;
  }
}
