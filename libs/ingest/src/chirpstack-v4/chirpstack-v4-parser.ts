import type { MessageParser } from '../ingest-outcome';
import { JoinAcceptCorrelator } from '../join-accept-correlator';
import { withJoinAcceptCorrelation } from '../join-accept-parsing';
import { parseChirpstackV4Message } from './parse-chirpstack-v4-message';

/** The parser a ChirpStack v4 collector runs (one per data source: the correlation has state). */
export function createChirpstackV4Parser(correlator = new JoinAcceptCorrelator()): MessageParser {
  return withJoinAcceptCorrelation(parseChirpstackV4Message, correlator);
}
