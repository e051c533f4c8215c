import { JoinAcceptCorrelator } from '../join-accept-correlator';
import { parseTtnV3Event, type TtnV3EventParser } from './parse-ttn-v3-event';

/**
 * The parser a TTN v3 collector runs: the stateless event parser followed by the join-accept correlation,
 * whose state belongs to one data source (hence a factory, one call per collector).
 */
export function createTtnV3Parser(correlator = new JoinAcceptCorrelator()): TtnV3EventParser {
  return (event, context) => {
    const outcome = parseTtnV3Event(event, context);
    if (outcome.kind !== 'packets') return outcome;
    return { kind: 'packets', packets: outcome.packets.map((packet) => correlator.observe(packet)) };
  };
}
