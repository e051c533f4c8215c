import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import { SECONDS_PER_DAY } from '../time';
import type { DataFrameFields } from './data-frame';
import { isCounterRestart } from './frame-counter';
import { secondsSince, type GatewayUplink } from './gateway-uplinks';

/**
 * LAF-011: an OTAA device let its 16-bit frame counter wrap without joining again (docs/alert-catalogue.md LAF-011).
 * "Without a join in between" needs no flag here: a join request or attributed join accept empties the
 * per-gateway uplinks (a new session starts), and a new DevAddr never compares with the old one, so a wrap is
 * only seen when the same session carried on past 65535.
 */
export const SESSION_KEYS_MEMORY_SECONDS = 3 * SECONDS_PER_DAY;
export const WRAP_MIN_COUNTER = 65500;

export interface SessionKeysKeptInput {
  otaa: boolean;
  previous: GatewayUplink | null;
  frame: DataFrameFields;
  packet: Packet;
  devAddr: string | null;
}

export function detectSessionKeysKept(input: SessionKeysKeptInput): AlertDraft[] {
  const { previous, frame, packet } = input;
  // ABP devices cannot rejoin: LAF-006 covers them.
  if (!input.otaa || previous === null || previous.devAddr !== frame.devAddr) return [];
  const elapsed = secondsSince(previous, packet);
  if (elapsed < 0 || elapsed > SESSION_KEYS_MEMORY_SECONDS) return [];
  if (previous.fCount <= WRAP_MIN_COUNTER || !isCounterRestart(previous.fCount, frame.fCount)) return [];
  return [
    draftAlert({
      code: 'LAF-011',
      packet,
      devAddr: input.devAddr,
      prevPacket: previous.packet,
      parameters: { counter: previous.fCount, new_counter: frame.fCount, prev_packet_id: previous.packetId },
    }),
  ];
}
