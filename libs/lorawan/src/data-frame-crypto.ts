import type { Direction } from '@lorawatch/domain/packet';
import { aesEcbEncrypt, AES_BLOCK_SIZE } from './aes';
import { AesCmac, cmacFor } from './aes-cmac';
import { FOPTS_OFFSET, MIC_SIZE } from './frame-sizes';

/**
 * LoRaWAN 1.0.x data-frame MIC and FRMPayload encryption (docs/wire-formats.md §2.4). Both work on the full 32-bit
 * frame counter; only its low 16 bits travel, so callers pass the upper half they believe in.
 */

function counterBlock(
  prefix: number,
  direction: Direction,
  devAddrWire: Buffer,
  fCnt32: number,
  last: number,
): Buffer {
  const block = Buffer.alloc(AES_BLOCK_SIZE);
  block[0] = prefix;
  block[5] = direction === 'up' ? 0 : 1;
  devAddrWire.copy(block, 6);
  block.writeUInt32LE(fCnt32 >>> 0, 10);
  block[15] = last;
  return block;
}

/** MIC over `message` = MHDR | FHDR | FPort | FRMPayload, with B0 in front. */
export function dataFrameMic(
  nwkSKey: Buffer | AesCmac,
  direction: Direction,
  devAddrWire: Buffer,
  fCnt32: number,
  message: Buffer,
): Buffer {
  const b0 = counterBlock(0x49, direction, devAddrWire, fCnt32, message.length);
  return cmacFor(nwkSKey).mic(Buffer.concat([b0, message]));
}

/** Counter-mode keystream XOR: the same call encrypts and decrypts. */
export function cryptFrmPayload(
  key: Buffer,
  direction: Direction,
  devAddrWire: Buffer,
  fCnt32: number,
  payload: Buffer,
): Buffer {
  const blockCount = Math.ceil(payload.length / AES_BLOCK_SIZE);
  const blocks = Array.from({ length: blockCount }, (_, i) =>
    counterBlock(0x01, direction, devAddrWire, fCnt32, i + 1),
  );
  const keystream = aesEcbEncrypt(key, Buffer.concat(blocks));
  const out = Buffer.alloc(payload.length);
  for (let i = 0; i < payload.length; i += 1) out[i] = payload[i] ^ keystream[i];
  return out;
}

/** Where the parts of a (pre-validated, see decodePhyPayload) data frame sit. */
interface DataFrameLayout {
  direction: Direction;
  devAddrWire: Buffer;
  fCnt16: number;
  fPort: number | null;
  frmPayload: Buffer;
}

function layoutOf(phy: Buffer): DataFrameLayout {
  const fOptsEnd = FOPTS_OFFSET + (phy[5] & 0x0f);
  const micOffset = phy.length - MIC_SIZE;
  const hasFPort = fOptsEnd < micOffset;
  return {
    // Odd MType codes (1, 3, 5) are the downlinks among data frames.
    direction: ((phy[0] >> 5) & 1) === 1 ? 'down' : 'up',
    devAddrWire: phy.subarray(1, 5),
    fCnt16: phy.readUInt16LE(6),
    fPort: hasFPort ? phy[fOptsEnd] : null,
    frmPayload: hasFPort ? phy.subarray(fOptsEnd + 1, micOffset) : Buffer.alloc(0),
  };
}

/** Checks a data frame's MIC; `fCntHigh` is the upper 16 bits of the counter (0 before the first wrap). */
export function verifyDataFrameMic(nwkSKey: Buffer | AesCmac, phy: Buffer, fCntHigh = 0): boolean {
  const layout = layoutOf(phy);
  const fCnt32 = fCntHigh * 0x10000 + layout.fCnt16;
  const micOffset = phy.length - MIC_SIZE;
  const mic = dataFrameMic(nwkSKey, layout.direction, layout.devAddrWire, fCnt32, phy.subarray(0, micOffset));
  return mic.equals(phy.subarray(micOffset));
}

/** Plain FRMPayload of a data frame; the key is the NwkSKey for FPort 0 and the AppSKey otherwise. */
export function decryptDataFramePayload(key: Buffer, phy: Buffer, fCntHigh = 0): Buffer {
  const layout = layoutOf(phy);
  const fCnt32 = fCntHigh * 0x10000 + layout.fCnt16;
  return cryptFrmPayload(key, layout.direction, layout.devAddrWire, fCnt32, layout.frmPayload);
}
