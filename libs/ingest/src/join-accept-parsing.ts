import type { MessageParser } from './ingest-outcome';
import type { JoinAcceptCorrelator } from './join-accept-correlator';

/**
 * A collector's parser: a stateless message parser followed by the join-accept correlation, whose state
 * belongs to one data source (so one call per collector).
 */
export function withJoinAcceptCorrelation(
  parse: MessageParser,
  correlator: JoinAcceptCorrelator,
): MessageParser {
  return (topic, payload, context) => {
    const outcome = parse(topic, payload, context);
    if (outcome.kind !== 'packets') return outcome;
    return { kind: 'packets', packets: outcome.packets.map((packet) => correlator.observe(packet)) };
  };
}
