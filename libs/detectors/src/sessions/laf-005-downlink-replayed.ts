import type { AlertDraft } from '@lorawatch/domain/alert';
import { replayAlert, type DataFrameReplayedInput } from './replay-alert';

/**
 * LAF-005: a downlink identical to one already seen came back later than the duplicate delay after its first
 * copy. Within the delay it is the network server using several gateways, or trying again after a refused RX1
 * slot; the same counter and bytes going out again much later is what a replayed command looks like. Downlink
 * counters have no "moved on" test as uplinks do: LoRaWAN 1.1 keeps two of them (application and MAC).
 */
export function detectDownlinkReplayed(input: DataFrameReplayedInput): AlertDraft[] {
  return replayAlert('LAF-005', input);
}
