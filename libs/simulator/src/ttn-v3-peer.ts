import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  isObject,
  listenPeer,
  type PeerAddress,
  type PeerStream,
  PeerStreams,
  readBody,
} from './stream-peer';
import type { TtnV3Event } from './ttn-v3-events';
import { simulatedUlid } from './ttn-v3-ulid';

export interface TtnV3PeerOptions extends PeerAddress {
  /** API key → the TTS gateway IDs it has rights on. */
  apiKeys: Record<string, readonly string[]>;
  /** Events kept for requests with `after` or `tail`. Default 1000. */
  historySize?: number;
}

export interface TtnV3Peer {
  /** Base URL for a collector, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** Streams an event to every open stream that follows its gateway; returns how many streams got it. */
  publish(event: TtnV3Event | Record<string, unknown>): number;
  /** Writes bytes as they are to every open stream (split events, garbage): for tests. */
  writeRaw(bytes: string | Buffer): void;
  /** Ends every open stream, after a stream error object when one is given. */
  endStreams(error?: { code: number; message: string }): void;
  streamCount(): number;
  close(): Promise<void>;
}

interface OpenStream extends PeerStream {
  delimiter: string;
}

interface StoredEvent {
  json: string;
  gatewayIds: string[];
  timeMs: number;
}

type StreamRequest = { gatewayIds: string[]; after?: number; tail?: number };

const EVENTS_PATH = '/api/v3/events';
const MAX_BODY = 64 * 1024;

/**
 * A local stand-in for The Things Stack's Events API (docs/wire-formats.md §5.3), for tests and the demo:
 * `POST /api/v3/events` with `Authorization: Bearer <key>` and a StreamEventsRequest body. Unknown or missing
 * key: 401 (gRPC code 16); a gateway outside the key's rights: 403 (code 7), as TTS answers. Otherwise 200 and
 * an open stream of `{"result": event}` objects, each followed by a blank line with `Accept: text/event-stream`
 * or a newline without, starting with `events.stream.start` and carrying only the requested gateways' events.
 */
export async function startTtnV3Peer(options: TtnV3PeerOptions): Promise<TtnV3Peer> {
  const streams = new PeerStreams<OpenStream>();
  const history: StoredEvent[] = [];
  const historySize = options.historySize ?? 1000;
  const rights = new Map(Object.entries(options.apiKeys).map(([key, ids]) => [key, new Set(ids)]));

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (new URL(request.url ?? '/', 'http://peer').pathname !== EVENTS_PATH) {
      return answerError(response, 404, 5, 'error:pkg/web:not_found (not found)');
    }
    if (request.method !== 'POST') return answerError(response, 405, 12, 'method not allowed');
    const keyRights = rightsOf(request.headers.authorization);
    if (keyRights === undefined) {
      request.resume();
      return answerError(response, 401, 16, 'error:pkg/auth/rights:unauthenticated (unauthenticated)');
    }
    const parsed = parseStreamRequest(await readBody(request, MAX_BODY));
    if (typeof parsed === 'string') return answerError(response, 400, 3, parsed);
    const forbidden = parsed.gatewayIds.find((id) => !keyRights.has(id));
    if (forbidden !== undefined) {
      return answerError(
        response,
        403,
        7,
        `error:pkg/auth/rights:no_gateway_rights (no rights for gateway \`${forbidden}\`)`,
      );
    }
    const eventStream = (request.headers.accept ?? '').includes('text/event-stream');
    response.writeHead(200, {
      'Content-Type': eventStream ? 'text/event-stream' : 'application/json',
      'Cache-Control': 'no-cache',
    });
    // TTS answers an empty identifier list with an empty stream.
    if (parsed.gatewayIds.length === 0) return void response.end();
    const stream: OpenStream = {
      response,
      gatewayIds: new Set(parsed.gatewayIds),
      delimiter: eventStream ? '\n\n' : '\n',
    };
    response.write(line(startEvent(parsed.gatewayIds), stream.delimiter));
    for (const stored of replay(parsed)) response.write(`{"result":${stored.json}}${stream.delimiter}`);
    streams.add(stream);
  }

  function rightsOf(authorization: string | undefined): ReadonlySet<string> | undefined {
    const key = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    return key === undefined ? undefined : rights.get(key);
  }

  function replay(request: StreamRequest): StoredEvent[] {
    const wanted = history.filter(
      (stored) =>
        stored.gatewayIds.some((id) => request.gatewayIds.includes(id)) &&
        (request.after === undefined || stored.timeMs > request.after),
    );
    if (request.tail !== undefined) return wanted.slice(-request.tail);
    return request.after === undefined ? [] : wanted;
  }

  const server = await listenPeer(options, streams, handle, (response, message) =>
    answerError(response, 500, 13, message),
  );
  return {
    url: server.url,
    port: server.port,
    publish(event) {
      const gatewayIds = gatewayIdsOf(event);
      const json = JSON.stringify(event);
      const time = typeof event.time === 'string' ? Date.parse(event.time) : Number.NaN;
      history.push({ json, gatewayIds, timeMs: Number.isNaN(time) ? Date.now() : time });
      if (history.length > historySize) history.shift();
      return streams.publish(gatewayIds, (stream) => `{"result":${json}}${stream.delimiter}`);
    },
    writeRaw: (bytes) => streams.writeRaw(bytes),
    endStreams(error) {
      streams.end(
        error === undefined ? undefined : `${JSON.stringify({ error: { ...error, details: [] } })}\n`,
      );
    },
    streamCount: () => streams.size,
    close: () => server.close(),
  };
}

function parseStreamRequest(body: string | undefined): StreamRequest | string {
  if (body === undefined) return 'error:pkg/events:request_too_large (request too large)';
  let json: unknown;
  try {
    json = JSON.parse(body === '' ? '{}' : body);
  } catch {
    return 'error:pkg/jsonpb:unmarshal (invalid JSON)';
  }
  if (!isObject(json)) return 'error:pkg/jsonpb:unmarshal (request must be an object)';
  const identifiers = json.identifiers ?? [];
  if (!Array.isArray(identifiers)) return 'error:pkg/jsonpb:unmarshal (identifiers must be an array)';
  const gatewayIds: string[] = [];
  for (const entry of identifiers) {
    const id = isObject(entry) && isObject(entry.gateway_ids) ? entry.gateway_ids.gateway_id : undefined;
    if (typeof id !== 'string' || id === '') {
      return 'error:pkg/events:identifiers (this peer streams gateway identifiers only)';
    }
    gatewayIds.push(id);
  }
  const request: StreamRequest = { gatewayIds };
  if (typeof json.after === 'string') {
    const after = Date.parse(json.after);
    if (Number.isNaN(after)) return 'error:pkg/jsonpb:unmarshal (after is not a time)';
    request.after = after;
  }
  if (typeof json.tail === 'number' && json.tail > 0) request.tail = Math.floor(json.tail);
  return request;
}

function gatewayIdsOf(event: TtnV3Event | Record<string, unknown>): string[] {
  const identifiers: unknown = event.identifiers;
  if (!Array.isArray(identifiers)) return [];
  return identifiers.flatMap((entry: unknown) => {
    const id = isObject(entry) && isObject(entry.gateway_ids) ? entry.gateway_ids.gateway_id : undefined;
    return typeof id === 'string' ? [id] : [];
  });
}

let streamsStarted = 0;

function startEvent(gatewayIds: string[]): TtnV3Event {
  const identifiers = gatewayIds.map((gatewayId) => ({ gateway_ids: { gateway_id: gatewayId } }));
  const now = new Date();
  streamsStarted += 1;
  return {
    name: 'events.stream.start',
    time: now.toISOString(),
    identifiers,
    data: { '@type': 'type.googleapis.com/ttn.lorawan.v3.StreamEventsRequest', identifiers },
    correlation_ids: [],
    origin: 'lorawatch-ttn-v3-peer',
    context: {},
    visibility: { rights: ['RIGHT_GATEWAY_STATUS_READ'] },
    unique_id: simulatedUlid(now.getTime(), String(streamsStarted), 'events.stream.start'),
  };
}

function line(event: TtnV3Event, delimiter: string): string {
  return `${JSON.stringify({ result: event })}${delimiter}`;
}

/** TTS's error body: `{code, message, details}` with the gRPC code. */
function answerError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ code, message, details: [] }));
}
