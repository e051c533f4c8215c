import type { MessageParser } from '../ingest-outcome';
import { JoinAcceptCorrelator } from '../join-accept-correlator';
import { parseChirpstackV3Message } from './parse-chirpstack-v3-message';

/**
 * The parser a ChirpStack v3 collector runs: the stateless message parser followed by the join-accept
 * correlation, whose state belongs to one data source (hence a factory, one call per collector).
 */
export function createChirpstackV3Parser(correlator = new JoinAcceptCorrelator()): MessageParser {
  return (topic, payload, context) => {
    const outcome = parseChirpstackV3Message(topic, payload, context);
    if (outcome.kind !== 'packets') return outcome;
    return { kind: 'packets', packets: outcome.packets.map((packet) => correlator.observe(packet)) };
  };
}
