import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import { SECONDS_PER_DAY } from '../time';
import type { DataFrameFields } from './data-frame';
import { isCounterRestart } from './frame-counter';
import { secondsSince, type GatewayUplink } from './gateway-uplinks';

/**
 * LAF-006: a device restarted its frame counter with the same DevAddr and nothing showed it to be OTAA
 * (docs/alert-catalogue.md LAF-006). That is how an ABP device behaves after a reboot: static keys, counter from zero.
 * A join request, an attributed join accept or a new DevAddr marks the device OTAA (the source meant to count
 * joins but skipped them; we count them) and closes the issue (see session-evidence.ts).
 */
export const ABP_MEMORY_SECONDS = SECONDS_PER_DAY;

export interface PossibleAbpInput {
  /** The device has shown OTAA evidence. */
  otaa: boolean;
  /** Last uplink through the packet's gateway, before this packet. */
  previous: GatewayUplink | null;
  frame: DataFrameFields;
  packet: Packet;
  devAddr: string | null;
}

export function detectPossibleAbp(input: PossibleAbpInput): AlertDraft[] {
  const { previous, frame, packet } = input;
  if (input.otaa || previous === null || previous.devAddr !== frame.devAddr) return [];
  const elapsed = secondsSince(previous, packet);
  // A lower counter dated earlier than the gateway's latest uplink is a late delivery, not a restart.
  if (elapsed < 0 || elapsed > ABP_MEMORY_SECONDS) return [];
  if (!isCounterRestart(previous.fCount, frame.fCount)) return [];
  return [
    draftAlert({
      code: 'LAF-006',
      packet,
      devAddr: input.devAddr,
      prevPacket: previous.packet,
      parameters: { counter: previous.fCount, new_counter: frame.fCount, prev_packet_id: previous.packetId },
    }),
  ];
}
