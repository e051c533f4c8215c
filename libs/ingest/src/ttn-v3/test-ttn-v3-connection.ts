import {
  type ConnectionTestResult,
  type ConnectionTestType,
  testStreamConnection,
} from '../stream-connection-test';
import { openTtnV3Stream } from './open-ttn-v3-stream';
import { type TtnV3Endpoint, ttnV3StreamTarget } from './ttn-v3-endpoint';

export type TtnV3ConnectionTestType = ConnectionTestType;
export type TtnV3ConnectionTestResult = ConnectionTestResult;

/**
 * The data-source "test connection": opens the Events stream once and closes it as soon as the server
 * answered. SUCCESS means the key may read every gateway; whether it also has the traffic rights shows only
 * once events flow, since TTS silently drops the events a key may not see (docs/wire-formats.md §5.3).
 */
export function testTtnV3Connection(
  endpoint: TtnV3Endpoint,
  timeoutMs = 30_000,
): Promise<TtnV3ConnectionTestResult> {
  return testStreamConnection(
    {
      target: () => ttnV3StreamTarget(endpoint),
      open: openTtnV3Stream,
      host: (target) => target.url.host,
      opened: (target) => `events stream of ${target.gatewayIds.join(', ')} open at ${target.url.host}`,
    },
    timeoutMs,
  );
}
