import type { Direction, MType } from '@lorawatch/domain/packet';

/** MType by the 3 high bits of the MHDR (docs/wire-formats.md §2.2). */
const MTYPE_BY_CODE: readonly MType[] = [
  'JoinRequest',
  'JoinAccept',
  'UnconfirmedDataUp',
  'UnconfirmedDataDown',
  'ConfirmedDataUp',
  'ConfirmedDataDown',
  'RejoinRequest',
  'Proprietary',
];

export function mTypeOfMhdr(mhdr: number): MType {
  return MTYPE_BY_CODE[(mhdr >> 5) & 0x07];
}

/** Major version bits; only 0 (LoRaWAN R1) has a known layout. */
export function majorOfMhdr(mhdr: number): number {
  return mhdr & 0x03;
}

/** MHDR byte for a message type, Major = R1, RFU bits clear. */
export function mhdrOf(mType: MType): number {
  return MTYPE_BY_CODE.indexOf(mType) << 5;
}

export function isDataMType(mType: MType): boolean {
  return (
    mType === 'UnconfirmedDataUp' ||
    mType === 'UnconfirmedDataDown' ||
    mType === 'ConfirmedDataUp' ||
    mType === 'ConfirmedDataDown'
  );
}

/** Proprietary frames have no defined direction. */
export function directionOfMType(mType: MType): Direction | null {
  switch (mType) {
    case 'JoinRequest':
    case 'UnconfirmedDataUp':
    case 'ConfirmedDataUp':
    case 'RejoinRequest':
      return 'up';
    case 'JoinAccept':
    case 'UnconfirmedDataDown':
    case 'ConfirmedDataDown':
      return 'down';
    case 'Proprietary':
      return null;
  }
}
