import { openTtnV3Stream } from './open-ttn-v3-stream';
import { type TtnV3Endpoint, ttnV3StreamTarget, type TtnV3StreamTarget } from './ttn-v3-endpoint';

export type TtnV3ConnectionTestType = 'SUCCESS' | 'ERROR' | 'LOGIN_FAILED' | 'TIMEOUT';

export interface TtnV3ConnectionTestResult {
  type: TtnV3ConnectionTestType;
  message: string;
}

/**
 * The data-source "test connection": opens the Events stream once and closes it as soon as the server
 * answered. SUCCESS means the key may read every gateway; whether it also has the traffic rights shows only
 * once events flow, since TTS silently drops the events a key may not see (docs/wire-formats.md §5.3).
 */
export async function testTtnV3Connection(
  endpoint: TtnV3Endpoint,
  timeoutMs = 30_000,
): Promise<TtnV3ConnectionTestResult> {
  let target: TtnV3StreamTarget;
  try {
    target = ttnV3StreamTarget(endpoint);
  } catch (error) {
    return { type: 'ERROR', message: error instanceof Error ? error.message : String(error) };
  }
  const abort = new AbortController();
  const opened = await openTtnV3Stream(target, { signal: abort.signal, timeoutMs });
  abort.abort();
  switch (opened.kind) {
    case 'open':
      opened.response.destroy();
      return {
        type: 'SUCCESS',
        message: `events stream of ${target.gatewayIds.join(', ')} open at ${target.url.host}`,
      };
    case 'login-failed':
      return { type: 'LOGIN_FAILED', message: opened.message };
    case 'failed':
      return opened.timedOut
        ? { type: 'TIMEOUT', message: `${target.url.host} did not answer within ${timeoutMs} ms` }
        : { type: 'ERROR', message: opened.message };
  }
}
