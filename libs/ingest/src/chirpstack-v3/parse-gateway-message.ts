import type { IngestContext, IngestOutcome } from '../ingest-outcome';
import { MalformedMessage } from '../malformed-message';
import {
  type ChirpstackVersion,
  gatewayMessageType,
  type GatewayMessageName,
} from '../protobuf/gateway-schema';
import { readMarshaledMessage } from '../protobuf/marshaled-message';
import type { ChirpstackDialect, GatewayMessage } from './gateway-message';
import { parseGatewayTopic } from './gateway-topic';

export interface GatewayRoute {
  handle(message: GatewayMessage): IngestOutcome;
  /** The protobuf message this topic carries; without one the topic is read as JSON only. */
  protobuf?: GatewayMessageName;
}

/** One ChirpStack major version as a collector reads it: its topics, message spellings and schema. */
export interface GatewayProtocol {
  version: ChirpstackVersion;
  dialect: ChirpstackDialect;
  /** By the part of the topic after `gateway/{id}/`: `event/up`, `command/down`, ... */
  routes: ReadonlyMap<string, GatewayRoute>;
  /** See ProtobufDecoding.emitDefaults: true where the version's JSON marshaler emits defaults (v3). */
  emitDefaults: boolean;
}

/**
 * Parses one MQTT message of a ChirpStack broker into normalised packets or gateway facts, whichever
 * marshaler the bridge uses. Never throws: anything unexpected is a `malformed` outcome with the reason,
 * so one bad message cannot stop a collector.
 */
export function parseGatewayMessage(
  protocol: GatewayProtocol,
  topic: string,
  payload: Buffer,
  context: IngestContext,
): IngestOutcome {
  try {
    return parse(protocol, topic, payload, context);
  } catch (error) {
    if (error instanceof MalformedMessage) return { kind: 'malformed', reason: error.message };
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'malformed', reason: `unexpected parser error: ${detail}` };
  }
}

function parse(
  protocol: GatewayProtocol,
  topic: string,
  payload: Buffer,
  context: IngestContext,
): IngestOutcome {
  const gatewayTopic = parseGatewayTopic(topic);
  if (gatewayTopic === undefined) {
    if (/(?:^|\/)application\//.test(topic)) {
      return { kind: 'ignored', reason: 'application events are not used yet (no raw PHYPayload)' };
    }
    return { kind: 'ignored', reason: 'not a ChirpStack gateway topic' };
  }
  const route = protocol.routes.get(gatewayTopic.kind);
  if (route === undefined) {
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
  const protobuf = route.protobuf && {
    type: gatewayMessageType(protocol.version, route.protobuf),
    emitDefaults: protocol.emitDefaults,
  };
  return route.handle({
    topic,
    payload,
    context,
    topicGateway: gatewayTopic.gatewayEui,
    json: readMarshaledMessage(payload, protobuf),
    dialect: protocol.dialect,
  });
}
