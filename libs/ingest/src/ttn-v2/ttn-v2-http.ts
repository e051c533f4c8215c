import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { type EgressLookup, portOf, refusedAddress } from '../egress-lookup';
import { isJsonObject } from '../json-fields';
import { TTN_V2_GATEWAYS_PATH, TTN_V2_LOGIN_PATH, ttnV2Url } from './ttn-v2-protocol';

export type TtnV2FailureType = 'LOGIN_FAILED' | 'ERROR' | 'TIMEOUT';

export type TtnV2LoginResult =
  { ok: true; token: string } | { ok: false; type: TtnV2FailureType; message: string };

export interface TtnV2Gateway {
  id: string;
  description: string;
}

/** A refused or failed API call; `type` says which, as in the login result. */
export class TtnV2ApiError extends Error {
  override readonly name = 'TtnV2ApiError';

  constructor(
    readonly type: TtnV2FailureType,
    message: string,
  ) {
    super(message);
  }
}

export type TtnV2Answer =
  | { kind: 'response'; response: IncomingMessage }
  | { kind: 'failed'; type: 'ERROR' | 'TIMEOUT'; message: string };

export interface TtnV2RequestOptions {
  method: 'GET' | 'POST';
  token?: string;
  body?: unknown;
  /** Until the server answers (status line and headers). */
  timeoutMs: number;
  /** Aborting closes the request, before or after the answer. */
  signal?: AbortSignal;
  /** A stream holds its socket for hours: a dedicated one, never a pooled one. */
  stream?: boolean;
  /** The server's egress policy; without one, node resolves and connects as it likes. */
  egress?: EgressLookup;
}

export const DEFAULT_TTN_V2_TIMEOUT_MS = 10_000;
/** Reading a body stops here: login answers and gateway lists are small, and the server owes us nothing bigger. */
const MAX_BODY = 1024 * 1024;
const TCP_KEEPALIVE_MS = 30_000;

/** One HTTP request; never rejects: every failure is a value with its reason. */
export async function ttnV2Request(url: URL, options: TtnV2RequestOptions): Promise<TtnV2Answer> {
  const refused = await refusedAddress(url, options.egress);
  if (refused !== null) return { kind: 'failed', type: 'ERROR', message: refused.message };
  return sendRequest(url, options);
}

function sendRequest(url: URL, options: TtnV2RequestOptions): Promise<TtnV2Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: TtnV2Answer) => {
      clearTimeout(timer);
      if (settled) {
        if (answer.kind === 'response') answer.response.destroy();
        return;
      }
      settled = true;
      resolve(answer);
    };
    const headers: Record<string, string | number> = { Accept: 'application/json' };
    if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: options.method,
      headers,
      signal: options.signal,
      ...(options.stream ? { agent: false } : {}),
      // Resolved once and checked by the egress policy; the URL's host name stays the TLS name and Host header.
      ...(options.egress ? { lookup: options.egress(portOf(url)) } : {}),
    });
    const timer = setTimeout(() => {
      settle({ kind: 'failed', type: 'TIMEOUT', message: `no answer within ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    if (options.stream) request.on('socket', (socket) => socket.setKeepAlive(true, TCP_KEEPALIVE_MS));
    request.on('error', (error) => {
      const message = options.signal?.aborted ? 'stopped' : error.message || String(error);
      settle({ kind: 'failed', type: 'ERROR', message });
    });
    request.on('response', (response) => settle({ kind: 'response', response }));
    request.end(body);
  });
}

/** `POST {base}/api/v2/login`. Never rejects. */
export async function ttnV2Login(
  baseUrl: string,
  username: string,
  password: string,
  timeoutMs = DEFAULT_TTN_V2_TIMEOUT_MS,
  signal?: AbortSignal,
  egress?: EgressLookup,
): Promise<TtnV2LoginResult> {
  let url: URL;
  try {
    url = ttnV2Url(baseUrl, TTN_V2_LOGIN_PATH);
  } catch (error) {
    return { ok: false, type: 'ERROR', message: error instanceof Error ? error.message : String(error) };
  }
  if (username === '' || password === '') {
    return { ok: false, type: 'LOGIN_FAILED', message: 'TTN v2 username and password are required' };
  }
  const answer = await ttnV2Request(url, {
    method: 'POST',
    body: { username, password },
    timeoutMs,
    signal,
    egress,
  });
  if (answer.kind === 'failed') return { ok: false, type: answer.type, message: answer.message };
  const { response } = answer;
  if (response.statusCode !== 200) return { ok: false, ...(await errorOf(response)) };
  const json = await readJson(response);
  const token = isJsonObject(json) ? json.access_token : undefined;
  if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token)) {
    return { ok: false, type: 'ERROR', message: 'the login answer has no access_token' };
  }
  return { ok: true, token };
}

/** `GET {base}/api/v2/gateways`: the account's gateways. Rejects with a TtnV2ApiError. */
export async function listTtnV2Gateways(
  baseUrl: string,
  token: string,
  timeoutMs = DEFAULT_TTN_V2_TIMEOUT_MS,
  egress?: EgressLookup,
): Promise<TtnV2Gateway[]> {
  let url: URL;
  try {
    url = ttnV2Url(baseUrl, TTN_V2_GATEWAYS_PATH);
  } catch (error) {
    throw new TtnV2ApiError('ERROR', error instanceof Error ? error.message : String(error));
  }
  const answer = await ttnV2Request(url, { method: 'GET', token, timeoutMs, egress });
  if (answer.kind === 'failed') throw new TtnV2ApiError(answer.type, answer.message);
  const { response } = answer;
  if (response.statusCode !== 200) {
    const { type, message } = await errorOf(response);
    throw new TtnV2ApiError(type, message);
  }
  const json = await readJson(response);
  if (!Array.isArray(json)) throw new TtnV2ApiError('ERROR', 'the gateway list is not a JSON array');
  return json.map((entry: unknown, index) => {
    const id = isJsonObject(entry) ? entry.id : undefined;
    if (typeof id !== 'string' || id === '') {
      throw new TtnV2ApiError('ERROR', `gateway [${index}] has no id`);
    }
    const description = isJsonObject(entry) && typeof entry.description === 'string' ? entry.description : '';
    return { id, description };
  });
}

/** A non-200 answer: 401/403 is a refusal of the credentials or token, anything else an error. */
export async function errorOf(
  response: IncomingMessage,
): Promise<{ type: 'LOGIN_FAILED' | 'ERROR'; message: string }> {
  const status = response.statusCode ?? 0;
  const detail = errorDetail(await readText(response));
  const message = `HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}${detail ? `: ${detail}` : ''}`;
  response.destroy();
  return { type: status === 401 || status === 403 ? 'LOGIN_FAILED' : 'ERROR', message };
}

function errorDetail(text: string): string {
  if (text === '') return '';
  try {
    const json: unknown = JSON.parse(text);
    if (isJsonObject(json)) {
      const message = json.error ?? json.message;
      if (typeof message === 'string') return message.slice(0, 500);
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): show its start.
  }
  return text.slice(0, 200);
}

async function readJson(response: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readText(response));
  } catch {
    return undefined;
  }
}

async function readText(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      chunks.push(buffer);
      size += buffer.length;
      if (size >= MAX_BODY) break;
    }
  } catch {
    // What arrived is all we get.
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY).toString('utf8').trim();
}
