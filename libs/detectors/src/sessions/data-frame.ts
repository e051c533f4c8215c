import type { Direction, MType, Packet } from '@lorawatch/domain/packet';

/** A data frame as the session detectors read it: the fields that identify it on the air. */
export interface DataFrameFields {
  direction: Direction;
  devAddr: string;
  fCount: number;
  mic: string;
}

const DATA_MTYPES: readonly MType[] = [
  'UnconfirmedDataUp',
  'ConfirmedDataUp',
  'UnconfirmedDataDown',
  'ConfirmedDataDown',
];

/** Null for join frames, proprietary frames, and data frames the collector could not fully decode. */
export function dataFrameOf(packet: Packet): DataFrameFields | null {
  if (!DATA_MTYPES.includes(packet.mType) || packet.devAddr === null || packet.fCount === null) return null;
  return { direction: packet.direction, devAddr: packet.devAddr, fCount: packet.fCount, mic: packet.mic };
}

/**
 * The MIC covers every byte of a data frame, so DevAddr, FCnt and MIC identify its content (docs/wire-formats.md §2.9);
 * the direction keeps an uplink and a downlink apart even in the unlikely case their MICs collide.
 */
export function isSameFrame(a: DataFrameFields, b: DataFrameFields): boolean {
  // The counter first: it tells most frames apart at the price of a number comparison.
  return a.fCount === b.fCount && a.direction === b.direction && a.devAddr === b.devAddr && a.mic === b.mic;
}

/** A join request, or a join accept attributed to the device by the ingest correlator. */
export function isJoin(packet: Packet): boolean {
  return (
    packet.mType === 'JoinRequest' ||
    (packet.mType === 'JoinAccept' && packet.devEuiInferred && packet.devEui !== null)
  );
}
