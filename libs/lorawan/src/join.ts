import { aesEcbEncrypt } from './aes';
import { AesCmac, cmacFor } from './aes-cmac';
import { displayHexFromWire, wireFromDisplayHex, wireFromUint } from './byte-order';
import { JOIN_ACCEPT_SIZE, JOIN_ACCEPT_WITH_CFLIST_SIZE, JOIN_REQUEST_SIZE, MIC_SIZE } from './frame-sizes';
import { mTypeOfMhdr } from './mhdr';

/** LoRaWAN 1.0.x join procedure: join-request MIC, join-accept decryption and session-key derivation. */

/** Bytes of a join request covered by its MIC: MHDR | JoinEUI | DevEUI | DevNonce. */
const JOIN_REQUEST_MIC_INPUT_SIZE = JOIN_REQUEST_SIZE - MIC_SIZE;

function assertJoinRequest(frame: Buffer): void {
  if (frame.length !== JOIN_REQUEST_SIZE || mTypeOfMhdr(frame[0]) !== 'JoinRequest') {
    throw new RangeError(`not a ${JOIN_REQUEST_SIZE}-byte join request`);
  }
}

/** The MIC the device would send under this AppKey; pass an AesCmac to reuse a key's subkeys. */
export function joinRequestMic(appKey: Buffer | AesCmac, frame: Buffer): Buffer {
  assertJoinRequest(frame);
  return cmacFor(appKey).mic(frame.subarray(0, JOIN_REQUEST_MIC_INPUT_SIZE));
}

export function verifyJoinRequestMic(appKey: Buffer | AesCmac, frame: Buffer): boolean {
  return joinRequestMic(appKey, frame).equals(frame.subarray(JOIN_REQUEST_MIC_INPUT_SIZE));
}

/** CFList of EU-style bands (type 0): five extra channel frequencies. */
export interface CfList {
  /** The 16 plaintext bytes, hex in wire order. */
  hex: string;
  type: number;
  /** Hz, only for type 0; 0 means the channel slot is unused. */
  frequenciesHz: number[] | null;
}

export interface DecryptedJoinAccept {
  /** The recovered PHYPayload: MHDR | JoinNonce | NetID | DevAddr | DLSettings | RxDelay | CFList? | MIC. */
  plaintext: Buffer;
  joinNonce: number;
  /** Big-endian hex. */
  netId: string;
  devAddr: string;
  dlSettings: number;
  rx1DrOffset: number;
  rx2DataRate: number;
  /** Raw bits 3..0 (0 and 1 both mean one second). */
  rxDelay: number;
  cfList: CfList | null;
  /** Hex of the MIC inside the plaintext. */
  mic: string;
  /** True when the MIC verifies under the key: the key is right (or a 2^-32 coincidence). */
  micValid: boolean;
}

/**
 * Recovers a join accept seen on the air. The network server "encrypted" it with AES decryption, so reading
 * it back is AES encryption (docs/wire-formats.md §2.7). A wrong key still yields bytes; `micValid` says whether to
 * trust them.
 */
export function decryptJoinAccept(appKey: Buffer, frame: Buffer): DecryptedJoinAccept {
  if (
    (frame.length !== JOIN_ACCEPT_SIZE && frame.length !== JOIN_ACCEPT_WITH_CFLIST_SIZE) ||
    mTypeOfMhdr(frame[0]) !== 'JoinAccept'
  ) {
    throw new RangeError(`not a ${JOIN_ACCEPT_SIZE}- or ${JOIN_ACCEPT_WITH_CFLIST_SIZE}-byte join accept`);
  }
  const plaintext = Buffer.concat([frame.subarray(0, 1), aesEcbEncrypt(appKey, frame.subarray(1))]);
  const micOffset = plaintext.length - MIC_SIZE;
  const mic = plaintext.subarray(micOffset);
  const dlSettings = plaintext[11];
  return {
    plaintext,
    joinNonce: plaintext.readUIntLE(1, 3),
    netId: displayHexFromWire(plaintext.subarray(4, 7)),
    devAddr: displayHexFromWire(plaintext.subarray(7, 11)),
    dlSettings,
    rx1DrOffset: (dlSettings >> 4) & 0x07,
    rx2DataRate: dlSettings & 0x0f,
    rxDelay: plaintext[12] & 0x0f,
    cfList: micOffset > 13 ? parseCfList(plaintext.subarray(13, micOffset)) : null,
    mic: mic.toString('hex'),
    micValid: new AesCmac(appKey).mic(plaintext.subarray(0, micOffset)).equals(mic),
  };
}

function parseCfList(bytes: Buffer): CfList {
  const type = bytes[15];
  const frequenciesHz =
    type === 0 ? [0, 1, 2, 3, 4].map((channel) => bytes.readUIntLE(channel * 3, 3) * 100) : null;
  return { hex: bytes.toString('hex'), type, frequenciesHz };
}

export interface SessionKeys {
  nwkSKey: Buffer;
  appSKey: Buffer;
}

/**
 * LoRaWAN 1.0.x session keys: AES(AppKey, prefix | JoinNonce | NetID | DevNonce | zero padding), all fields in
 * wire order, prefix 0x01 for the NwkSKey and 0x02 for the AppSKey.
 */
export function deriveSessionKeys(
  appKey: Buffer,
  joinNonce: number,
  netId: string,
  devNonce: number,
): SessionKeys {
  const fields = Buffer.concat([
    wireFromUint(joinNonce, 3, 'JoinNonce'),
    wireFromDisplayHex(netId, 3, 'NetID'),
    wireFromUint(devNonce, 2, 'DevNonce'),
  ]);
  const block = (prefix: number): Buffer => Buffer.concat([Buffer.from([prefix]), fields, Buffer.alloc(7)]);
  return { nwkSKey: aesEcbEncrypt(appKey, block(0x01)), appSKey: aesEcbEncrypt(appKey, block(0x02)) };
}
