import type { IngestOutcome } from '../ingest-outcome';
import { isJsonObject } from '../json-fields';
import {
  type JsonStream,
  JsonStreamCollector,
  type JsonStreamCollectorOptions,
  type StreamEnd,
  type StreamOpening,
} from '../json-stream-collector';
import type { CollectorSink } from '../mqtt/collector-sink';
import { openTtnV3Stream } from './open-ttn-v3-stream';
import { parseTtnV3Event, type TtnV3EventParser } from './parse-ttn-v3-event';
import { type TtnV3Endpoint, ttnV3StreamTarget, type TtnV3StreamTarget } from './ttn-v3-endpoint';
import { streamErrorText } from './ttn-v3-envelope';

export type TtnV3CollectorOptions = TtnV3Endpoint &
  JsonStreamCollectorOptions & {
    /** Default parseTtnV3Event; pass createTtnV3Parser() to attribute join accepts in the collector. */
    parse?: TtnV3EventParser;
    /** A longer event is skipped and counted as malformed. Default 1 MiB. */
    maxEventBytes?: number;
  };

/** Names the stream in `onMalformed` when an event has no usable name. */
export const TTN_V3_STREAM_TOPIC = '/api/v3/events';
/** gRPC codes TTS gives a refused key in a stream error: UNAUTHENTICATED, PERMISSION_DENIED. */
const LOGIN_ERROR_CODES = new Set([16, 7]);

const TTN_V3_EVENTS: JsonStream = {
  name: 'events stream',
  lineName: 'event',
  topic: TTN_V3_STREAM_TOPIC,
  parse: parseTtnV3Event,
  topicOf: eventName,
};

/**
 * One Events-stream connection for one TTN v3 data source (docs/wire-formats.md §5): follows the configured gateways,
 * parses every event as it streams in, hands the result to the sink and waits for it before reading on
 * (back-pressure: TCP flow control holds the server). Reconnects with back-off after any failure; on
 * reconnection it asks for the events `after` the last one handled, which a server with event history
 * replays, and the deterministic packet ids let the packet log drop what it already has.
 */
export class TtnV3Collector extends JsonStreamCollector {
  private readonly target: TtnV3StreamTarget;
  /** Server time of the last event handled (as the server wrote it), for `after` on reconnection. */
  private lastEventTime: string | undefined;

  constructor(options: TtnV3CollectorOptions, sink: CollectorSink) {
    const target = ttnV3StreamTarget(options);
    super(options, sink, TTN_V3_EVENTS, { parse: options.parse, maxLineBytes: options.maxEventBytes });
    this.target = target;
  }

  protected override open(signal: AbortSignal, timeoutMs: number): Promise<StreamOpening> {
    return openTtnV3Stream(this.target, { signal, timeoutMs, after: this.lastEventTime });
  }

  /** The server ends the stream after an error; so do we, then reconnect. */
  protected override endOf(json: unknown): StreamEnd | undefined {
    if (!isJsonObject(json) || json.error === undefined || json.result !== undefined) return undefined;
    const code = isJsonObject(json.error) ? json.error.code : undefined;
    const reason = `stream error: ${streamErrorText(json.error)}`;
    return typeof code === 'number' && LOGIN_ERROR_CODES.has(code)
      ? { reason: `login failed: ${reason}`, loginFailed: true }
      : { reason };
  }

  /**
   * The parser checked the time of every event it did not call malformed. Only forward: events of several
   * gateways may arrive slightly out of order.
   */
  protected override handled(json: unknown, outcome: IngestOutcome): void {
    if (outcome.kind === 'malformed') return;
    const time = eventTime(json);
    if (time === undefined) return;
    if (this.lastEventTime === undefined || Date.parse(time) >= Date.parse(this.lastEventTime)) {
      this.lastEventTime = time;
    }
  }
}

function eventTime(json: unknown): string | undefined {
  const event = isJsonObject(json) && isJsonObject(json.result) ? json.result : json;
  return isJsonObject(event) && typeof event.time === 'string' && event.time.length <= 40
    ? event.time
    : undefined;
}

function eventName(json: unknown): string {
  const event = isJsonObject(json) && isJsonObject(json.result) ? json.result : json;
  const name = isJsonObject(event) ? event.name : undefined;
  return typeof name === 'string' && name.length <= 100 ? name : TTN_V3_STREAM_TOPIC;
}
