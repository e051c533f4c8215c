import type { IncomingMessage } from 'node:http';
import type { EgressLookup } from '../egress-lookup';
import { errorOf, ttnV2Login, ttnV2Request } from './ttn-v2-http';

export interface TtnV2TrafficTarget {
  baseUrl: string;
  username: string;
  password: string;
  /** The validated `…/gateways/traffic?ids=…` URL. */
  trafficUrl: URL;
  egress?: EgressLookup;
}

export type OpenedTtnV2Traffic =
  | { kind: 'open'; response: IncomingMessage }
  /** The login was refused, or the stream refused the fresh token (401) or a gateway (403). */
  | { kind: 'login-failed'; message: string }
  | { kind: 'failed'; message: string; timedOut: boolean };

/** Logs in and opens the traffic stream. Never rejects: every failure is a value with its reason. */
export async function openTtnV2Traffic(
  target: TtnV2TrafficTarget,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<OpenedTtnV2Traffic> {
  const login = await ttnV2Login(
    target.baseUrl,
    target.username,
    target.password,
    options.timeoutMs,
    options.signal,
    target.egress,
  );
  if (!login.ok) {
    return login.type === 'LOGIN_FAILED'
      ? { kind: 'login-failed', message: login.message }
      : { kind: 'failed', message: `login: ${login.message}`, timedOut: login.type === 'TIMEOUT' };
  }
  const answer = await ttnV2Request(target.trafficUrl, {
    method: 'GET',
    token: login.token,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    stream: true,
    egress: target.egress,
  });
  if (answer.kind === 'failed') {
    return { kind: 'failed', message: answer.message, timedOut: answer.type === 'TIMEOUT' };
  }
  if (answer.response.statusCode === 200) return { kind: 'open', response: answer.response };
  const error = await errorOf(answer.response);
  return error.type === 'LOGIN_FAILED'
    ? { kind: 'login-failed', message: error.message }
    : { kind: 'failed', message: error.message, timedOut: false };
}
