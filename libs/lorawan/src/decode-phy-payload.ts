import loraPacket from 'lora-packet';
import type { Direction, MType } from '@lorawatch/domain/packet';
import { displayHexFromWire } from './byte-order';
import {
  FOPTS_OFFSET,
  JOIN_ACCEPT_SIZE,
  JOIN_ACCEPT_WITH_CFLIST_SIZE,
  JOIN_REQUEST_SIZE,
  MAX_PHY_PAYLOAD_SIZE,
  MIC_SIZE,
  MIN_DATA_FRAME_SIZE,
  MIN_OPAQUE_FRAME_SIZE,
} from './frame-sizes';
import { directionOfMType, isDataMType, majorOfMhdr, mTypeOfMhdr } from './mhdr';

/** FCtrl read with the direction in mind: bits 6 and 4 mean different things up and down (docs/wire-formats.md §2.3). */
export interface FCtrlFlags {
  adr: boolean;
  ack: boolean;
  /** Uplink only; bit 6 is RFU on downlinks. */
  adrAckReq: boolean;
  /** Downlink only: the network has more to send. */
  fPending: boolean;
  /** Uplink only (1.0.2+): the device runs in class B. Same bit as fPending. */
  classB: boolean;
  fOptsLength: number;
}

/**
 * What one PHYPayload tells without keys. Fields a frame type does not carry are null; a JoinAccept is
 * encrypted, so it yields only its type, MIC and size.
 */
export interface DecodedFrame {
  mType: MType;
  major: number;
  /** Null for proprietary frames, which have no defined direction. */
  direction: Direction | null;
  /** Lowercase big-endian hex. */
  joinEui: string | null;
  devEui: string | null;
  /** The two wire bytes read little-endian (wire `cf 22` gives 8911). */
  devNonce: number | null;
  devAddr: string | null;
  /** The 16 bits on the air; the upper half lives in the receiver's state. */
  fCount: number | null;
  fPort: number | null;
  fCtrl: FCtrlFlags | null;
  /** MAC commands in the header, hex in wire order (clear text in 1.0.x). */
  fOpts: string | null;
  /** Lowercase hex of the four wire bytes. */
  mic: string;
  size: number;
}

export type DecodeResult = { ok: true; frame: DecodedFrame } | { ok: false; reason: string };

type LoraPacket = ReturnType<typeof loraPacket.fromWire>;

/**
 * Decodes one PHYPayload. Never throws: collectors feed it whatever the network sends, and a bad frame must be
 * counted and dropped, not crash the pipeline. The checks lora-packet skips (docs/wire-formats.md §7.3) run first.
 */
export function decodePhyPayload(phy: Buffer): DecodeResult {
  const invalid = structuralProblem(phy);
  if (invalid !== null) return { ok: false, reason: invalid };
  let parsed: LoraPacket;
  try {
    parsed = loraPacket.fromWire(phy);
  } catch (error) {
    return {
      ok: false,
      reason: `unparseable frame: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  try {
    return { ok: true, frame: frameFrom(phy, parsed) };
  } catch (error) {
    return {
      ok: false,
      reason: `inconsistent frame: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function structuralProblem(phy: Buffer): string | null {
  const n = phy.length;
  if (n === 0) return 'empty frame';
  if (n > MAX_PHY_PAYLOAD_SIZE) return `frame of ${n} bytes exceeds the ${MAX_PHY_PAYLOAD_SIZE}-byte maximum`;
  const major = majorOfMhdr(phy[0]);
  if (major !== 0) return `unknown LoRaWAN major version ${major}`;
  const mType = mTypeOfMhdr(phy[0]);
  if (mType === 'JoinRequest' && n !== JOIN_REQUEST_SIZE) {
    return `join request must be ${JOIN_REQUEST_SIZE} bytes, got ${n}`;
  }
  if (mType === 'JoinAccept' && n !== JOIN_ACCEPT_SIZE && n !== JOIN_ACCEPT_WITH_CFLIST_SIZE) {
    return `join accept must be ${JOIN_ACCEPT_SIZE} or ${JOIN_ACCEPT_WITH_CFLIST_SIZE} bytes, got ${n}`;
  }
  if (isDataMType(mType)) return dataFrameProblem(phy);
  if (n < MIN_OPAQUE_FRAME_SIZE) return `frame of ${n} bytes is shorter than MHDR + MIC`;
  return null;
}

function dataFrameProblem(phy: Buffer): string | null {
  const n = phy.length;
  if (n < MIN_DATA_FRAME_SIZE) return `data frame must be at least ${MIN_DATA_FRAME_SIZE} bytes, got ${n}`;
  const fOptsLength = phy[5] & 0x0f;
  const fOptsEnd = FOPTS_OFFSET + fOptsLength;
  if (fOptsEnd > n - MIC_SIZE) return `FOptsLen ${fOptsLength} runs past the end of a ${n}-byte frame`;
  const hasFPort = fOptsEnd < n - MIC_SIZE;
  if (hasFPort && fOptsLength > 0 && phy[fOptsEnd] === 0) {
    return 'MAC commands in both FOpts and an FPort-0 payload';
  }
  return null;
}

function frameFrom(phy: Buffer, parsed: LoraPacket): DecodedFrame {
  const mType = mTypeOfMhdr(phy[0]);
  const frame: DecodedFrame = {
    mType,
    major: majorOfMhdr(phy[0]),
    direction: directionOfMType(mType),
    joinEui: null,
    devEui: null,
    devNonce: null,
    devAddr: null,
    fCount: null,
    fPort: null,
    fCtrl: null,
    fOpts: null,
    mic: required(parsed.MIC, 'MIC').toString('hex'),
    size: phy.length,
  };
  if (mType === 'JoinRequest') {
    // lora-packet hands EUIs and DevNonce back already reversed to big-endian.
    frame.joinEui = required(parsed.AppEUI, 'JoinEUI').toString('hex');
    frame.devEui = required(parsed.DevEUI, 'DevEUI').toString('hex');
    frame.devNonce = required(parsed.DevNonce, 'DevNonce').readUInt16BE(0);
  } else if (isDataMType(mType)) {
    const fCtrl = required(parsed.FCtrl, 'FCtrl')[0];
    const fOpts = required(parsed.FOpts, 'FOpts');
    frame.devAddr = required(parsed.DevAddr, 'DevAddr').toString('hex');
    frame.fCount = parsed.getFCnt();
    frame.fPort = parsed.getFPort();
    frame.fCtrl = fCtrlFlags(fCtrl, frame.direction === 'up');
    frame.fOpts = fOpts.toString('hex');
    // Cross-check lora-packet's slicing against the wire: a disagreement means a frame we must not trust.
    if (frame.devAddr !== displayHexFromWire(phy.subarray(1, 5))) throw new Error('DevAddr mismatch');
  }
  return frame;
}

/** lora-packet reads bits 6 and 4 the same way in both directions (docs/wire-formats.md §7.3 item 4). */
function fCtrlFlags(fCtrl: number, uplink: boolean): FCtrlFlags {
  const bit6 = (fCtrl & 0x40) !== 0;
  const bit4 = (fCtrl & 0x10) !== 0;
  return {
    adr: (fCtrl & 0x80) !== 0,
    ack: (fCtrl & 0x20) !== 0,
    adrAckReq: uplink && bit6,
    fPending: !uplink && bit4,
    classB: uplink && bit4,
    fOptsLength: fCtrl & 0x0f,
  };
}

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new Error(`${field} missing`);
  return value;
}
