import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import { draftAlert } from '../alert-draft';
import { bestLsnr, type GatewayLink } from './gateway-links';
import { forDisplay } from './moving-average';

/**
 * LAF-102: the device's best link, by averaged SNR over its gateways, is below the policy's minimum. Checked on
 * every counted uplink, so an open issue keeps being refreshed while the condition holds.
 */
export function detectPoorSnr(
  links: readonly GatewayLink[],
  packet: Packet,
  policy: PolicyView,
  devAddr: string | null,
): AlertDraft[] {
  const lsnr = bestLsnr(links);
  if (lsnr !== null && lsnr < policy.parameter('LAF-102', 'minimum_lsnr')) {
    return [draftAlert({ code: 'LAF-102', packet, devAddr, parameters: { lsnr: forDisplay(lsnr) } })];
  }
  return [];
}
