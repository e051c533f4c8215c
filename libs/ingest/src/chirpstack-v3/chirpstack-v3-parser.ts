import type { MessageParser } from '../ingest-outcome';
import { JoinAcceptCorrelator } from '../join-accept-correlator';
import { withJoinAcceptCorrelation } from '../join-accept-parsing';
import { parseChirpstackV3Message } from './parse-chirpstack-v3-message';

/** The parser a ChirpStack v3 collector runs (one per data source: the correlation has state). */
export function createChirpstackV3Parser(correlator = new JoinAcceptCorrelator()): MessageParser {
  return withJoinAcceptCorrelation(parseChirpstackV3Message, correlator);
}
