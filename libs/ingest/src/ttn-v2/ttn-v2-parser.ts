import { JoinAcceptCorrelator } from '../join-accept-correlator';
import { parseTtnV2Frame, type TtnV2FrameParser } from './parse-ttn-v2-frame';

/**
 * The parser a TTN v2 collector runs: the stateless frame parser followed by the join-accept correlation,
 * whose state belongs to one data source (hence a factory, one call per collector).
 */
export function createTtnV2Parser(correlator = new JoinAcceptCorrelator()): TtnV2FrameParser {
  return (frame, context) => {
    const outcome = parseTtnV2Frame(frame, context);
    if (outcome.kind !== 'packets') return outcome;
    return { kind: 'packets', packets: outcome.packets.map((packet) => correlator.observe(packet)) };
  };
}
