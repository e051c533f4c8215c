import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TtnV3Event } from './ttn-v3-events';
import { simulatedUlid } from './ttn-v3-ulid';

export interface TtnV3PeerOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1: the peer is for this machine only. */
  host?: string;
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

interface OpenStream {
  response: ServerResponse;
  gatewayIds: ReadonlySet<string>;
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
  const streams = new Set<OpenStream>();
  const history: StoredEvent[] = [];
  const historySize = options.historySize ?? 1000;
  const rights = new Map(Object.entries(options.apiKeys).map(([key, ids]) => [key, new Set(ids)]));

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) answerError(response, 500, 13, `internal error: ${String(error)}`);
      else response.destroy();
    });
  });

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
    const parsed = parseStreamRequest(await readBody(request));
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
    response.on('close', () => streams.delete(stream));
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

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

  let closing: Promise<void> | undefined;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    publish(event) {
      const gatewayIds = gatewayIdsOf(event);
      const json = JSON.stringify(event);
      const time = typeof event.time === 'string' ? Date.parse(event.time) : Number.NaN;
      history.push({ json, gatewayIds, timeMs: Number.isNaN(time) ? Date.now() : time });
      if (history.length > historySize) history.shift();
      let delivered = 0;
      for (const stream of streams) {
        if (!gatewayIds.some((id) => stream.gatewayIds.has(id))) continue;
        stream.response.write(`{"result":${json}}${stream.delimiter}`);
        delivered += 1;
      }
      return delivered;
    },
    writeRaw(bytes) {
      for (const stream of streams) stream.response.write(bytes);
    },
    endStreams(error) {
      for (const stream of [...streams]) {
        if (error !== undefined)
          stream.response.write(`${JSON.stringify({ error: { ...error, details: [] } })}\n`);
        stream.response.end();
        streams.delete(stream);
      }
    },
    streamCount: () => streams.size,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const stream of streams) stream.response.destroy();
        streams.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
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

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
