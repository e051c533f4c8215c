import type { IngestContext, IngestOutcome } from '../ingest-outcome';
import { parseJsonObject } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { parseV3ConnState } from './conn-state';
import { parseV3DownlinkFrame } from './downlink-frame';
import type { GatewayMessage } from './gateway-message';
import { parseV3GatewayStats } from './gateway-stats';
import { parseGatewayTopic } from './gateway-topic';
import { parseLegacyRx, parseLegacyStats, parseLegacyTx } from './legacy-v2-json';
import { parseV3UplinkFrame } from './uplink-frame';

const HANDLERS: ReadonlyMap<string, (message: GatewayMessage) => IngestOutcome> = new Map([
  ['event/up', parseV3UplinkFrame],
  ['command/down', parseV3DownlinkFrame],
  ['event/stats', parseV3GatewayStats],
  ['state/conn', parseV3ConnState],
  ['rx', parseLegacyRx],
  ['tx', parseLegacyTx],
  ['stats', parseLegacyStats],
]);

/**
 * Parses one MQTT message of a ChirpStack v3 broker (Gateway Bridge v3 topics, and the LoRa Gateway
 * Bridge 2.x legacy ones) into normalised packets or gateway facts. Never throws: anything unexpected
 * is a `malformed` outcome with the reason, so one bad message cannot stop a collector.
 */
export function parseChirpstackV3Message(
  topic: string,
  payload: Buffer,
  context: IngestContext,
): IngestOutcome {
  try {
    return parse(topic, payload, context);
  } catch (error) {
    if (error instanceof MalformedMessage) return { kind: 'malformed', reason: error.message };
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'malformed', reason: `unexpected parser error: ${detail}` };
  }
}

function parse(topic: string, payload: Buffer, context: IngestContext): IngestOutcome {
  const gatewayTopic = parseGatewayTopic(topic);
  if (gatewayTopic === undefined) {
    if (/(?:^|\/)application\//.test(topic)) {
      return { kind: 'ignored', reason: 'application events are not used yet (no raw PHYPayload)' };
    }
    return { kind: 'ignored', reason: 'not a ChirpStack gateway topic' };
  }
  const handler = HANDLERS.get(gatewayTopic.kind);
  if (handler === undefined) {
    return {
      kind: 'ignored',
      reason: `gateway ${gatewayTopic.kind} messages carry no frame or gateway state`,
    };
  }
  if (payload.length === 0) {
    // An empty retained message is how a retained state is cleared, not a broken message.
    if (gatewayTopic.kind === 'state/conn') return { kind: 'ignored', reason: 'retained state cleared' };
    throw new MalformedMessage('empty payload');
  }
  if (!looksLikeJson(payload)) {
    // Protobuf is the Gateway Bridge v3 default marshaler: supporting it (gw.proto) is required before
    // release; until then such a message is reported as malformed so the operator sees why nothing arrives.
    throw new MalformedMessage(
      'protobuf marshaler not supported yet (set the Gateway Bridge marshaler to json)',
    );
  }
  return handler({
    topic,
    payload,
    context,
    topicGateway: gatewayTopic.gatewayEui,
    json: parseJsonObject(payload),
  });
}

/** The first meaningful byte tells the marshalers apart: JSON opens with `{` (or `[` when broken). */
function looksLikeJson(payload: Buffer): boolean {
  for (const byte of payload) {
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    return byte === 0x7b || byte === 0x5b;
  }
  return false;
}
