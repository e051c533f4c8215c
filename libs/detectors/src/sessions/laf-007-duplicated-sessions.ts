import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import { SECONDS_PER_DAY } from '../time';
import type { DataFrameFields } from './data-frame';
import { RESTART_MAX_COUNTER } from './frame-counter';
import { secondsSince, type GatewayUplink } from './gateway-uplinks';

/**
 * LAF-007: within one session and gateway, the frame counter went backwards, or the same counter came back
 * with other content more than 30 s later (docs/alert-catalogue.md LAF-007). Two transmitters share the session keys.
 *
 * Not raised for: a counter back at 8 or below (a restart: LAF-006 / LAF-011), a previous counter of 65528 or
 * more (the 16-bit counter wrapping), an uplink dated before the gateway's previous one (late delivery), a
 * known frame coming back (a replay, LAF-004: the caller does not call us), a same-counter frame with another
 * MIC within 30 s (a LoRaWAN 1.1 retransmission on another channel), TTN v2 data sources (the source disabled
 * the rule there), and counters compared across a join (a join starts a new session, see gateway-uplinks.ts).
 */
export const DUPLICATED_SESSION_MEMORY_SECONDS = SECONDS_PER_DAY;
export const NEAR_WRAP_COUNTER = 65528;
export const SAME_COUNTER_MIN_SECONDS = 30;

export interface DuplicatedSessionInput {
  previous: GatewayUplink | null;
  frame: DataFrameFields;
  packet: Packet;
  devAddr: string | null;
}

export function detectDuplicatedSession(input: DuplicatedSessionInput): AlertDraft[] {
  const { previous, frame, packet } = input;
  if (packet.source === 'ttn_collector') return [];
  if (previous === null || previous.devAddr !== frame.devAddr) return [];
  const elapsed = secondsSince(previous, packet);
  if (elapsed < 0 || elapsed > DUPLICATED_SESSION_MEMORY_SECONDS) return [];

  const went = { from: previous.fCount, to: frame.fCount };
  const otherContent =
    went.to === went.from && frame.mic !== previous.mic && elapsed > SAME_COUNTER_MIN_SECONDS;
  const suspicious =
    went.to > RESTART_MAX_COUNTER && went.from < NEAR_WRAP_COUNTER && (went.to < went.from || otherContent);
  if (!suspicious) return [];
  return [
    draftAlert({
      code: 'LAF-007',
      packet,
      devAddr: input.devAddr,
      prevPacket: previous.packet,
      parameters: { counter: went.from, new_counter: went.to, prev_packet_id: previous.packetId },
    }),
  ];
}
