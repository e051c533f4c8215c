import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  isObject,
  listenPeer,
  type PeerAddress,
  PeerStreams,
  type PeerStream,
  readBody,
} from './stream-peer';
import type { TtnV2Frame } from './ttn-v2-frames';

export { type TtnV2Frame, ttnV2FrameFor, ttnV2GatewayId } from './ttn-v2-frames';

export interface TtnV2PeerAccount {
  password: string;
  gateways: Array<{ id: string; description: string }>;
}

export interface TtnV2PeerOptions extends PeerAddress {
  /** Username → password and the account's gateways. */
  accounts: Record<string, TtnV2PeerAccount>;
}

export interface TtnV2Peer {
  /** Base URL for a collector, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** Streams a frame to every open stream that follows its gateway; returns how many streams got it. */
  publish(frame: TtnV2Frame | Record<string, unknown>): number;
  /** Writes bytes as they are to every open stream (split frames, garbage): for tests. */
  writeRaw(bytes: string | Buffer): void;
  /** Ends every open stream. */
  endStreams(): void;
  streamCount(): number;
  /** Login attempts so far, refused ones included. */
  loginCount(): number;
  close(): Promise<void>;
}

const LOGIN_PATH = '/api/v2/login';
const GATEWAYS_PATH = '/api/v2/gateways';
const TRAFFIC_PATH = '/api/v2/gateways/traffic';
const MAX_BODY = 16 * 1024;

/**
 * A local TTN v2 server speaking LoRaWatch's v2 protocol (libs/ingest/src/ttn-v2/ttn-v2-protocol.ts), for tests
 * and the demo: `POST /api/v2/login` gives a bearer token (401 for a wrong username or password),
 * `GET /api/v2/gateways` lists the account's gateways, `GET /api/v2/gateways/traffic?ids=…` streams the frames
 * published for those gateways as newline-delimited JSON (401 for a bad token, 403 for a gateway that is not
 * the account's). Tokens live as long as the peer: a restarted peer makes clients log in again.
 */
export async function startTtnV2Peer(options: TtnV2PeerOptions): Promise<TtnV2Peer> {
  const streams = new PeerStreams<PeerStream>();
  const tokens = new Map<string, string>();
  let logins = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://peer');
    if (url.pathname === LOGIN_PATH) {
      if (request.method !== 'POST') return answer(response, 405, { error: 'method not allowed' });
      return login(await readBody(request, MAX_BODY), response);
    }
    if (url.pathname !== GATEWAYS_PATH && url.pathname !== TRAFFIC_PATH) {
      return answer(response, 404, { error: 'not found' });
    }
    if (request.method !== 'GET') return answer(response, 405, { error: 'method not allowed' });
    request.resume();
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const username = token === undefined ? undefined : tokens.get(token);
    const account = username === undefined ? undefined : options.accounts[username];
    if (account === undefined) return answer(response, 401, { error: 'invalid or expired token' });
    if (url.pathname === GATEWAYS_PATH) {
      return answer(
        response,
        200,
        account.gateways.map(({ id, description }) => ({ id, description })),
      );
    }
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter((id) => id !== '');
    if (ids.length === 0) return answer(response, 400, { error: 'ids is required' });
    const own = new Set(account.gateways.map((gateway) => gateway.id));
    const foreign = ids.find((id) => !own.has(id));
    if (foreign !== undefined) {
      return answer(response, 403, { error: `gateway ${foreign} is not a gateway of ${username}` });
    }
    response.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-cache' });
    response.flushHeaders();
    streams.add({ response, gatewayIds: new Set(ids) });
  }

  function login(body: string | undefined, response: ServerResponse): void {
    logins += 1;
    let json: unknown;
    try {
      json = JSON.parse(body ?? '');
    } catch {
      return answer(response, 400, { error: 'body must be JSON {username, password}' });
    }
    const username = isObject(json) ? json.username : undefined;
    const password = isObject(json) ? json.password : undefined;
    if (typeof username !== 'string' || typeof password !== 'string') {
      return answer(response, 400, { error: 'body must be JSON {username, password}' });
    }
    const account = Object.hasOwn(options.accounts, username) ? options.accounts[username] : undefined;
    if (account === undefined || account.password !== password) {
      return answer(response, 401, { error: 'invalid username or password' });
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, username);
    answer(response, 200, { access_token: token });
  }

  const server = await listenPeer(options, streams, handle, (response, error) =>
    answer(response, 500, { error }),
  );
  return {
    url: server.url,
    port: server.port,
    publish(frame) {
      const gatewayId = frame.gateway_id;
      if (typeof gatewayId !== 'string') return 0;
      const line = `${JSON.stringify(frame)}\n`;
      return streams.publish([gatewayId], () => line);
    },
    writeRaw: (bytes) => streams.writeRaw(bytes),
    endStreams: () => streams.end(),
    streamCount: () => streams.size,
    loginCount: () => logins,
    close: () => server.close(),
  };
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}
