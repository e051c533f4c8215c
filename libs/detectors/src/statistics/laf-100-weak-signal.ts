import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import { draftAlert } from '../alert-draft';
import { bestRssi, type GatewayLink } from './gateway-links';
import { forDisplay } from './moving-average';

/**
 * LAF-100: the device's best link, by averaged RSSI over its gateways, is below the policy's minimum. Checked on
 * every counted uplink, so an open issue keeps being refreshed while the condition holds.
 */
export function detectWeakSignal(
  links: readonly GatewayLink[],
  packet: Packet,
  policy: PolicyView,
  devAddr: string | null,
): AlertDraft[] {
  const rssi = bestRssi(links);
  if (rssi !== null && rssi < policy.parameter('LAF-100', 'minimum_rssi')) {
    return [draftAlert({ code: 'LAF-100', packet, devAddr, parameters: { rssi: forDisplay(rssi) } })];
  }
  return [];
}
