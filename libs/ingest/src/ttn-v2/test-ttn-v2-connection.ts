import { openTtnV2Traffic } from './open-ttn-v2-traffic';
import { type TtnV2Account, ttnV2TrafficTarget } from './ttn-v2-collector';
import type { TtnV2TrafficTarget } from './open-ttn-v2-traffic';

export type TtnV2ConnectionTestType = 'SUCCESS' | 'ERROR' | 'LOGIN_FAILED' | 'TIMEOUT';

export interface TtnV2ConnectionTestResult {
  type: TtnV2ConnectionTestType;
  message: string;
}

/**
 * The data-source "test connection": logs in, opens the traffic stream once and closes it as soon as the
 * server answered. SUCCESS means the credentials are good and every gateway is the account's.
 */
export async function testTtnV2Connection(
  account: TtnV2Account,
  timeoutMs = 30_000,
): Promise<TtnV2ConnectionTestResult> {
  let target: TtnV2TrafficTarget;
  try {
    target = ttnV2TrafficTarget(account);
  } catch (error) {
    return { type: 'ERROR', message: error instanceof Error ? error.message : String(error) };
  }
  const abort = new AbortController();
  const opened = await openTtnV2Traffic(target, { signal: abort.signal, timeoutMs });
  abort.abort();
  switch (opened.kind) {
    case 'open':
      opened.response.destroy();
      return {
        type: 'SUCCESS',
        message: `traffic of ${[...new Set(account.gatewayIds)].join(', ')} open at ${target.trafficUrl.host}`,
      };
    case 'login-failed':
      return { type: 'LOGIN_FAILED', message: opened.message };
    case 'failed':
      return opened.timedOut
        ? { type: 'TIMEOUT', message: `${target.trafficUrl.host} did not answer within ${timeoutMs} ms` }
        : { type: 'ERROR', message: opened.message };
  }
}
