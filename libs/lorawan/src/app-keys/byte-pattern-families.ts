import type { CandidateFamily } from './candidate-family';

/** Keys typed by hand or left as placeholders: repeated bytes, counting sequences, short byte patterns. */

/** 16 times the same byte (00…00, 01…01, FF…FF). */
export const repeatedBytes: CandidateFamily = {
  name: 'repeated-bytes',
  forEach(_euis, key, visit) {
    for (let value = 0; value < 256; value += 1) {
      key.fill(value);
      if (visit(key)) return true;
    }
    return false;
  },
};

/** Counting up or down by one from any start byte: 00 01 02 … 0F, 01 02 … 10, FF FE … F0. */
export const byteSequences: CandidateFamily = {
  name: 'byte-sequences',
  forEach(_euis, key, visit) {
    for (const step of [1, -1]) {
      for (let start = 0; start < 256; start += 1) {
        for (let i = 0; i < 16; i += 1) key[i] = (start + step * i) & 0xff;
        if (visit(key)) return true;
      }
    }
    return false;
  },
};

/** One byte then fifteen copies of another: [i, j × 15] (covers "01 00 … 00" style keys). */
export const leadingByteThenRepeated: CandidateFamily = {
  name: 'leading-byte-then-repeated',
  forEach(_euis, key, visit) {
    for (let i = 0; i < 256; i += 1) {
      key[0] = i;
      for (let j = 0; j < 256; j += 1) {
        key.fill(j, 1);
        if (visit(key)) return true;
      }
    }
    return false;
  },
};

/** Two bytes alternating: i j i j … (AA55AA55…). */
export const alternatingBytes: CandidateFamily = {
  name: 'alternating-bytes',
  forEach(_euis, key, visit) {
    for (let i = 0; i < 256; i += 1) {
      for (let j = 0; j < 256; j += 1) {
        for (let at = 0; at < 16; at += 2) {
          key[at] = i;
          key[at + 1] = j;
        }
        if (visit(key)) return true;
      }
    }
    return false;
  },
};

/** Fourteen zero bytes then two free bytes: small numbers written as a key (00 … 00 00 01, 00 … 12 34). */
export const zerosThenTwoBytes: CandidateFamily = {
  name: 'zeros-then-two-bytes',
  forEach(_euis, key, visit) {
    key.fill(0);
    for (let i = 0; i < 256; i += 1) {
      key[14] = i;
      for (let j = 0; j < 256; j += 1) {
        key[15] = j;
        if (visit(key)) return true;
      }
    }
    return false;
  },
};
