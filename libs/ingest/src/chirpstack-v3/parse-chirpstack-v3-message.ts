import {
  isChirpstackApplicationTopic,
  parseChirpstackApplicationEvent,
} from '../application/chirpstack-application-event';
import type { IngestContext, IngestOutcome } from '../ingest-outcome';
import { parseConnState } from './conn-state';
import { parseDownlinkFrame } from './downlink-frame';
import { parseGatewayStats } from './gateway-stats';
import { type GatewayProtocol, parseGatewayMessage } from './parse-gateway-message';
import { parseLegacyRx, parseLegacyStats, parseLegacyTx } from './legacy-v2-json';
import { parseUplinkFrame } from './uplink-frame';
import { CHIRPSTACK_V3_DIALECT } from './v3-dialect';

const CHIRPSTACK_V3: GatewayProtocol = {
  version: 'v3',
  dialect: CHIRPSTACK_V3_DIALECT,
  // The Gateway Bridge v3 JSON marshaler emits every field, zero values included (docs/wire-formats.md §3.3).
  emitDefaults: true,
  routes: new Map([
    ['event/up', { handle: parseUplinkFrame, protobuf: 'UplinkFrame' }],
    ['command/down', { handle: parseDownlinkFrame, protobuf: 'DownlinkFrame' }],
    ['event/stats', { handle: parseGatewayStats, protobuf: 'GatewayStats' }],
    ['state/conn', { handle: parseConnState, protobuf: 'ConnState' }],
    // LoRa Gateway Bridge 2.x, read in its default v2_json marshaler only.
    ['rx', { handle: parseLegacyRx }],
    ['tx', { handle: parseLegacyTx }],
    ['stats', { handle: parseLegacyStats }],
  ]),
};

/**
 * Parses one MQTT message of a ChirpStack v3 broker (Gateway Bridge v3 topics in the protobuf or json
 * marshaler, and the LoRa Gateway Bridge 2.x legacy ones) into normalised packets or gateway facts, and
 * its Application Server's `up`/`join` events (json_v3 or json marshaler) into DevAddr → DevEUI bindings. Never
 * throws: anything unexpected is a `malformed` outcome with the reason.
 */
export function parseChirpstackV3Message(
  topic: string,
  payload: Buffer,
  context: IngestContext,
): IngestOutcome {
  if (isChirpstackApplicationTopic(topic)) return parseChirpstackApplicationEvent('v3', topic, payload);
  return parseGatewayMessage(CHIRPSTACK_V3, topic, payload, context);
}
