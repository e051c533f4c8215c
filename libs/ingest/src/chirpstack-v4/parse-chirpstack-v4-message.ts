import {
  isChirpstackApplicationTopic,
  parseChirpstackApplicationEvent,
} from '../application/chirpstack-application-event';
import type { IngestContext, IngestOutcome } from '../ingest-outcome';
import { parseConnState } from '../chirpstack-v3/conn-state';
import { parseDownlinkFrame } from '../chirpstack-v3/downlink-frame';
import { parseGatewayStats } from '../chirpstack-v3/gateway-stats';
import { type GatewayProtocol, parseGatewayMessage } from '../chirpstack-v3/parse-gateway-message';
import { parseUplinkFrame } from '../chirpstack-v3/uplink-frame';
import { CHIRPSTACK_V4_DIALECT } from './v4-dialect';

const CHIRPSTACK_V4: GatewayProtocol = {
  version: 'v4',
  dialect: CHIRPSTACK_V4_DIALECT,
  // v4 JSON omits zero values (docs/wire-formats.md §4.2); decoded protobuf does the same.
  emitDefaults: false,
  routes: new Map([
    ['event/up', { handle: parseUplinkFrame, protobuf: 'UplinkFrame' }],
    ['command/down', { handle: parseDownlinkFrame, protobuf: 'DownlinkFrame' }],
    ['event/stats', { handle: parseGatewayStats, protobuf: 'GatewayStats' }],
    ['state/conn', { handle: parseConnState, protobuf: 'ConnState' }],
  ]),
};

/**
 * Parses one MQTT message of a ChirpStack v4 broker, `{region}/gateway/{id}/…` or `gateway/{id}/…`, in
 * the protobuf or json marshaler, into normalised packets or gateway facts, and its application `up`/`join`
 * events into DevAddr → DevEUI bindings. Never throws: anything
 * unexpected is a `malformed` outcome with the reason.
 */
export function parseChirpstackV4Message(
  topic: string,
  payload: Buffer,
  context: IngestContext,
): IngestOutcome {
  if (isChirpstackApplicationTopic(topic)) return parseChirpstackApplicationEvent('v4', topic, payload);
  return parseGatewayMessage(CHIRPSTACK_V4, topic, payload, context);
}
