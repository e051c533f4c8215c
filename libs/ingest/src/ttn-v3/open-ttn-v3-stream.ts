import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { portOf, refusedAddress } from '../egress-lookup';
import { isJsonObject } from '../json-fields';
import { streamErrorText } from './ttn-v3-envelope';
import { ttnV3StreamRequestBody, type TtnV3StreamTarget } from './ttn-v3-endpoint';

export interface OpenTtnV3StreamOptions {
  /** Sent on reconnections: the time of the last event handled, so a server with history fills the gap. */
  after?: string;
  /** Aborting closes the request, before or after the answer. */
  signal: AbortSignal;
  /** Until the server answers (status line and headers). */
  timeoutMs: number;
}

export type OpenedTtnV3Stream =
  | { kind: 'open'; response: IncomingMessage }
  /** 401 or 403: the API key is unknown, expired, or has no rights on a gateway. */
  | { kind: 'login-failed'; message: string }
  | { kind: 'failed'; message: string; timedOut: boolean; retryAfterMs?: number };

/** Reading an error body stops here: a message is short, and the server owes us nothing bigger. */
const MAX_ERROR_BODY = 16 * 1024;
/** Probes a silent connection, so a dead peer or a dropped NAT mapping ends the stream instead of hanging it. */
const TCP_KEEPALIVE_MS = 30_000;

/** `POST {base}/api/v3/events` (docs/wire-formats.md §5.3). Never rejects: every failure is a value with its reason. */
export async function openTtnV3Stream(
  target: TtnV3StreamTarget,
  options: OpenTtnV3StreamOptions,
): Promise<OpenedTtnV3Stream> {
  const refused = await refusedAddress(target.url, target.egress);
  if (refused !== null) return { kind: 'failed', message: refused.message, timedOut: false };
  return requestStream(target, options);
}

function requestStream(
  target: TtnV3StreamTarget,
  options: OpenTtnV3StreamOptions,
): Promise<OpenedTtnV3Stream> {
  const body = ttnV3StreamRequestBody(target.gatewayIds, options.after);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: OpenedTtnV3Stream) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const transport = target.url.protocol === 'https:' ? https : http;
    const request = transport.request(target.url, {
      method: 'POST',
      // A stream holds its socket for hours: a dedicated one, never a pooled one.
      agent: false,
      signal: options.signal,
      // Resolved once and checked by the egress policy; the URL's host name stays the TLS name and Host header.
      ...(target.egress ? { lookup: target.egress(portOf(target.url)) } : {}),
      headers: {
        Authorization: `Bearer ${target.apiKey}`,
        Accept: 'text/event-stream',
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
      },
    });
    const timer = setTimeout(() => {
      settle({ kind: 'failed', message: `no answer within ${options.timeoutMs} ms`, timedOut: true });
      request.destroy();
    }, options.timeoutMs);
    request.on('socket', (socket) => socket.setKeepAlive(true, TCP_KEEPALIVE_MS));
    request.on('error', (error) => {
      const message = options.signal.aborted ? 'stopped' : error.message || String(error);
      settle({ kind: 'failed', message, timedOut: false });
    });
    request.on('response', (response) => {
      if (response.statusCode === 200) {
        settle({ kind: 'open', response });
        return;
      }
      void errorAnswer(response).then((result) => {
        settle(result);
        response.destroy();
      });
    });
    request.end(body);
  });
}

async function errorAnswer(response: IncomingMessage): Promise<OpenedTtnV3Stream> {
  const status = response.statusCode ?? 0;
  const detail = await readErrorMessage(response);
  const message = `HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}${detail ? `: ${detail}` : ''}`;
  if (status === 401 || status === 403) return { kind: 'login-failed', message };
  const retryAfterMs = retryAfter(response.headers['retry-after']);
  return retryAfterMs === undefined
    ? { kind: 'failed', message, timedOut: false }
    : { kind: 'failed', message, timedOut: false, retryAfterMs };
}

/** TTS answers errors as `{code, message, details}`; grpc-gateway streams as `{"error": {...}}`. */
async function readErrorMessage(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      chunks.push(buffer);
      size += buffer.length;
      if (size >= MAX_ERROR_BODY) break;
    }
  } catch {
    // The body is a courtesy: the status alone says what went wrong.
  }
  const text = Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY).toString('utf8').trim();
  if (text === '') return '';
  try {
    const json: unknown = JSON.parse(text);
    if (isJsonObject(json)) return streamErrorText(json.error ?? json);
  } catch {
    // Not JSON (a proxy's HTML page, say): show its start.
  }
  return text.slice(0, 200);
}

function retryAfter(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
