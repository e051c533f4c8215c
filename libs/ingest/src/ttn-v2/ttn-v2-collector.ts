import type { EgressLookup } from '../egress-lookup';
import { isJsonObject } from '../json-fields';
import {
  type JsonStream,
  JsonStreamCollector,
  type JsonStreamCollectorOptions,
  type StreamOpening,
} from '../json-stream-collector';
import type { CollectorSink } from '../mqtt/collector-sink';
import { openTtnV2Traffic, type TtnV2TrafficTarget } from './open-ttn-v2-traffic';
import { parseTtnV2Frame, type TtnV2FrameParser } from './parse-ttn-v2-frame';
import { TTN_V2_STREAM_TOPIC, ttnV2TrafficUrl } from './ttn-v2-protocol';

export interface TtnV2Account {
  /** The server's base URL (protocol in ttn-v2-protocol.ts), with its port when not the default. */
  baseUrl: string;
  username: string;
  password: string;
  /** TTN v2 gateway IDs of the account (`listTtnV2Gateways`). */
  gatewayIds: readonly string[];
  /** The server's egress policy; without one, node resolves and connects as it likes. */
  egress?: EgressLookup;
}

export type TtnV2CollectorOptions = TtnV2Account &
  JsonStreamCollectorOptions & {
    /** Default parseTtnV2Frame; pass createTtnV2Parser() to attribute join accepts in the collector. */
    parse?: TtnV2FrameParser;
    /** A longer frame is skipped and counted as malformed. Default 1 MiB. */
    maxFrameBytes?: number;
  };

const TTN_V2_TRAFFIC: JsonStream = {
  name: 'traffic stream',
  lineName: 'frame',
  topic: TTN_V2_STREAM_TOPIC,
  parse: parseTtnV2Frame,
  topicOf: frameType,
};

/** Checks the settings once at start-up, so a bad one fails loudly instead of retrying forever. */
export function ttnV2TrafficTarget(account: TtnV2Account): TtnV2TrafficTarget {
  return {
    baseUrl: account.baseUrl,
    username: account.username,
    password: account.password,
    trafficUrl: ttnV2TrafficUrl(account.baseUrl, account.gatewayIds),
    egress: account.egress,
  };
}

/**
 * One traffic-stream connection for one TTN v2 data source (protocol in ttn-v2-protocol.ts): logs in, follows
 * the configured gateways, parses every frame as it streams in, hands the result to the sink and waits for it
 * before reading on (back-pressure: TCP flow control holds the server). After any failure it logs in again and
 * reconnects with back-off; refused credentials are reported once per episode through `onLoginFailed`.
 */
export class TtnV2Collector extends JsonStreamCollector {
  private readonly target: TtnV2TrafficTarget;

  constructor(options: TtnV2CollectorOptions, sink: CollectorSink) {
    const target = ttnV2TrafficTarget(options);
    super(options, sink, TTN_V2_TRAFFIC, { parse: options.parse, maxLineBytes: options.maxFrameBytes });
    this.target = target;
  }

  protected override open(signal: AbortSignal, timeoutMs: number): Promise<StreamOpening> {
    return openTtnV2Traffic(this.target, { signal, timeoutMs });
  }
}

function frameType(json: unknown): string {
  const type = isJsonObject(json) ? json.type : undefined;
  return typeof type === 'string' && type.length <= 60 ? type : TTN_V2_STREAM_TOPIC;
}
