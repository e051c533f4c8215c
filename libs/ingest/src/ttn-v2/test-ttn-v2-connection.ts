import {
  type ConnectionTestResult,
  type ConnectionTestType,
  testStreamConnection,
} from '../stream-connection-test';
import { openTtnV2Traffic } from './open-ttn-v2-traffic';
import { type TtnV2Account, ttnV2TrafficTarget } from './ttn-v2-collector';

export type TtnV2ConnectionTestType = ConnectionTestType;
export type TtnV2ConnectionTestResult = ConnectionTestResult;

/**
 * The data-source "test connection": logs in, opens the traffic stream once and closes it as soon as the
 * server answered. SUCCESS means the credentials are good and every gateway is the account's.
 */
export function testTtnV2Connection(
  account: TtnV2Account,
  timeoutMs = 30_000,
): Promise<TtnV2ConnectionTestResult> {
  return testStreamConnection(
    {
      target: () => ttnV2TrafficTarget(account),
      open: openTtnV2Traffic,
      host: (target) => target.trafficUrl.host,
      opened: (target) =>
        `traffic of ${[...new Set(account.gatewayIds)].join(', ')} open at ${target.trafficUrl.host}`,
    },
    timeoutMs,
  );
}
