import type { IngestContext, IngestOutcome } from '../ingest-outcome';
import { MalformedMessage } from '../malformed-message';
import { readTtnV3Envelope, type TtnV3Envelope } from './ttn-v3-envelope';
import { parseTtnV3Downlink } from './ttn-v3-downlink';
import { parseTtnV3GatewayConnection, parseTtnV3GatewayStatus } from './ttn-v3-gateway-events';
import { parseTtnV3Uplink } from './ttn-v3-uplink';

/** Parses one event of the TTS Events stream; `event` is the JSON as streamed, with or without `{"result": …}`. */
export type TtnV3EventParser = (event: unknown, context: IngestContext) => IngestOutcome;

const HANDLERS: ReadonlyMap<string, (envelope: TtnV3Envelope, context: IngestContext) => IngestOutcome> =
  new Map([
    ['gs.up.receive', parseTtnV3Uplink],
    ['gs.down.send', parseTtnV3Downlink],
    ['gs.status.receive', (envelope: TtnV3Envelope) => parseTtnV3GatewayStatus(envelope)],
    ['gs.gateway.connect', (envelope: TtnV3Envelope) => parseTtnV3GatewayConnection(envelope, true)],
    ['gs.gateway.disconnect', (envelope: TtnV3Envelope) => parseTtnV3GatewayConnection(envelope, false)],
  ]);

/**
 * Parses one event of The Things Stack's Events stream for gateways (docs/wire-formats.md §5) into normalised packets
 * or gateway facts. Never throws: anything unexpected is a `malformed` outcome with the reason, so one bad
 * event cannot stop a collector. Events that carry no frame or gateway state are `ignored`.
 */
export const parseTtnV3Event: TtnV3EventParser = (event, context) => {
  try {
    const envelope = readTtnV3Envelope(event);
    const handler = HANDLERS.get(envelope.name);
    if (handler === undefined) {
      return { kind: 'ignored', reason: `${envelope.name} events carry no frame or gateway state` };
    }
    return handler(envelope, context);
  } catch (error) {
    if (error instanceof MalformedMessage) return { kind: 'malformed', reason: error.message };
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'malformed', reason: `unexpected parser error: ${detail}` };
  }
};
