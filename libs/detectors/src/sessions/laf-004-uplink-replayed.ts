import type { AlertDraft } from '@lorawatch/domain/alert';
import { replayAlert, type DataFrameReplayedInput } from './replay-alert';

/**
 * LAF-004: an uplink identical to one already seen (same DevAddr, FCnt and MIC) came back, and it is neither
 * another gateway's copy nor a retransmission LoRaWAN 1.0.x allows (NbTrans, unacknowledged confirmed uplink).
 * The rule and its bounds are in frame-transmissions.ts: the device had already sent a newer frame, or the
 * repeat came more than MAX_RETRANSMISSION_GAP_SECONDS after the latest copy, or the frame would have been sent
 * more than MAX_SENDS_PER_FRAME times. Gateway copies of the replay fold into it: one alert per replayed send.
 * `replay_evidence` says which of the three held.
 */
export function detectUplinkReplayed(input: DataFrameReplayedInput): AlertDraft[] {
  return replayAlert('LAF-004', input);
}
