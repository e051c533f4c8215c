import type { Direction, MType } from '@lorawatch/domain/packet';
import { aesEcbDecrypt } from './aes';
import { AesCmac } from './aes-cmac';
import { wireFromDisplayHex, wireFromUint } from './byte-order';
import { cryptFrmPayload, dataFrameMic } from './data-frame-crypto';
import { MAX_PHY_PAYLOAD_SIZE } from './frame-sizes';
import { joinRequestMic } from './join';
import { mhdrOf } from './mhdr';

/**
 * Builds valid LoRaWAN 1.0.x frames from keys and fields, for tests and the traffic simulator. EUIs, NetID and
 * DevAddr are big-endian hex as we display them; nonces and counters are integers.
 */

export interface JoinRequestFields {
  appKey: Buffer;
  joinEui: string;
  devEui: string;
  devNonce: number;
}

export function buildJoinRequest(fields: JoinRequestFields): Buffer {
  const body = Buffer.concat([
    Buffer.from([mhdrOf('JoinRequest')]),
    wireFromDisplayHex(fields.joinEui, 8, 'JoinEUI'),
    wireFromDisplayHex(fields.devEui, 8, 'DevEUI'),
    wireFromUint(fields.devNonce, 2, 'DevNonce'),
    Buffer.alloc(4),
  ]);
  joinRequestMic(fields.appKey, body).copy(body, 19);
  return body;
}

export interface JoinAcceptFields {
  appKey: Buffer;
  joinNonce: number;
  netId: string;
  devAddr: string;
  /** Default 0: RX1 offset 0, RX2 data rate 0. */
  dlSettings?: number;
  /** Default 1 second. */
  rxDelay?: number;
  /** 16 bytes, wire order. */
  cfList?: Buffer;
}

/** The join accept as sent on the air (encrypted). */
export function buildJoinAccept(fields: JoinAcceptFields): Buffer {
  if (fields.cfList !== undefined && fields.cfList.length !== 16) {
    throw new RangeError(`CFList must be 16 bytes, got ${fields.cfList.length}`);
  }
  const mhdr = Buffer.from([mhdrOf('JoinAccept')]);
  const plainFields = Buffer.concat([
    mhdr,
    wireFromUint(fields.joinNonce, 3, 'JoinNonce'),
    wireFromDisplayHex(fields.netId, 3, 'NetID'),
    wireFromDisplayHex(fields.devAddr, 4, 'DevAddr'),
    wireFromUint(fields.dlSettings ?? 0, 1, 'DLSettings'),
    wireFromUint(fields.rxDelay ?? 1, 1, 'RxDelay'),
    fields.cfList ?? Buffer.alloc(0),
  ]);
  const mic = new AesCmac(fields.appKey).mic(plainFields);
  // The server applies AES *decryption* so that the device only needs the encryption direction.
  const ciphertext = aesEcbDecrypt(fields.appKey, Buffer.concat([plainFields.subarray(1), mic]));
  return Buffer.concat([mhdr, ciphertext]);
}

export interface DataFrameFields {
  nwkSKey: Buffer;
  appSKey: Buffer;
  devAddr: string;
  /** Full 32-bit counter: the low 16 bits go on the air, all 32 enter the MIC and the keystream. */
  fCnt: number;
  /** Null for a frame without FPort (then the payload must be empty). */
  fPort: number | null;
  /** Plain FRMPayload. */
  payload: Buffer;
  confirmed?: boolean;
  adr?: boolean;
  ack?: boolean;
  /** Clear-text MAC commands in the header (at most 15 bytes). */
  fOpts?: Buffer;
}

export interface DataUpFields extends DataFrameFields {
  adrAckReq?: boolean;
  classB?: boolean;
}

export interface DataDownFields extends DataFrameFields {
  fPending?: boolean;
}

export function buildDataUp(fields: DataUpFields): Buffer {
  const bits = (fields.adrAckReq ? 0x40 : 0) | (fields.classB ? 0x10 : 0);
  return buildDataFrame(fields, 'up', fields.confirmed ? 'ConfirmedDataUp' : 'UnconfirmedDataUp', bits);
}

export function buildDataDown(fields: DataDownFields): Buffer {
  const bits = fields.fPending ? 0x10 : 0;
  return buildDataFrame(fields, 'down', fields.confirmed ? 'ConfirmedDataDown' : 'UnconfirmedDataDown', bits);
}

function buildDataFrame(
  fields: DataFrameFields,
  direction: Direction,
  mType: MType,
  directionBits: number,
): Buffer {
  const fOpts = fields.fOpts ?? Buffer.alloc(0);
  if (fOpts.length > 15) throw new RangeError(`FOpts holds at most 15 bytes, got ${fOpts.length}`);
  if (fields.fPort === null && fields.payload.length > 0) throw new RangeError('a payload needs an FPort');
  if (fields.fPort === 0 && fOpts.length > 0) throw new RangeError('FOpts and FPort 0 cannot be combined');
  const devAddrWire = wireFromDisplayHex(fields.devAddr, 4, 'DevAddr');
  const fCnt32 = fields.fCnt;
  wireFromUint(fCnt32, 4, 'FCnt');
  const fCtrl = (fields.adr ? 0x80 : 0) | (fields.ack ? 0x20 : 0) | directionBits | fOpts.length;
  const portAndPayload =
    fields.fPort === null
      ? Buffer.alloc(0)
      : Buffer.concat([
          wireFromUint(fields.fPort, 1, 'FPort'),
          cryptFrmPayload(
            fields.fPort === 0 ? fields.nwkSKey : fields.appSKey,
            direction,
            devAddrWire,
            fCnt32,
            fields.payload,
          ),
        ]);
  const message = Buffer.concat([
    Buffer.from([mhdrOf(mType)]),
    devAddrWire,
    Buffer.from([fCtrl]),
    wireFromUint(fCnt32 & 0xffff, 2, 'FCnt'),
    fOpts,
    portAndPayload,
  ]);
  const frame = Buffer.concat([
    message,
    dataFrameMic(fields.nwkSKey, direction, devAddrWire, fCnt32, message),
  ]);
  if (frame.length > MAX_PHY_PAYLOAD_SIZE) throw new RangeError(`frame of ${frame.length} bytes is too long`);
  return frame;
}
