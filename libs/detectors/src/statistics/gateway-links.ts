import type { Packet } from '@lorawatch/domain/packet';
import { epochMs, laterOf } from '../time';
import { movingAverage } from './moving-average';

/**
 * What a device's radio link to each gateway looks like (docs/alert-catalogue.md §2.7): moving averages of RSSI and SNR
 * per gateway, the best of which is the device's max_rssi / max_lsnr.
 */
export interface GatewayLink {
  gateway: string;
  /** Latest reception of the device by this gateway. */
  lastHeard: string;
  /** dBm; null while the gateway reported none. */
  rssi: number | null;
  /** dB; null while the gateway reported none. */
  lsnr: number | null;
}

/** More gateways than this hearing one device is rare; the least recently heard go first. */
export const MAX_GATEWAY_LINKS = 32;

export interface SignalWeights {
  rssi: number;
  lsnr: number;
}

/** Every reception updates its gateway's link, copies of one frame included: each is a measurement of that link. */
export function hearLink(
  links: readonly GatewayLink[],
  packet: Packet,
  weights: SignalWeights,
): GatewayLink[] {
  const gateway = packet.gateway;
  if (gateway === null) return [...links];
  const known = links.find((link) => link.gateway === gateway);
  const heard: GatewayLink = {
    gateway,
    lastHeard: known === undefined ? packet.date : laterOf(known.lastHeard, packet.date),
    rssi:
      packet.rssi === null
        ? (known?.rssi ?? null)
        : movingAverage(known?.rssi ?? null, packet.rssi, weights.rssi),
    lsnr:
      packet.lsnr === null
        ? (known?.lsnr ?? null)
        : movingAverage(known?.lsnr ?? null, packet.lsnr, weights.lsnr),
  };
  const others = links.filter((link) => link.gateway !== gateway);
  return [...others, heard]
    .sort((a, b) => epochMs(a.lastHeard) - epochMs(b.lastHeard))
    .slice(-MAX_GATEWAY_LINKS);
}

/** A gateway that has not heard the device for longer than its silence allowance no longer serves it. */
export function pruneLinks(
  links: readonly GatewayLink[],
  now: string,
  keep: string | null,
  maxSilenceSeconds: number,
): GatewayLink[] {
  const nowMs = epochMs(now);
  return links.filter(
    (link) => link.gateway === keep || nowMs - epochMs(link.lastHeard) <= maxSilenceSeconds * 1000,
  );
}

function best(values: Array<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : Math.max(...known);
}

export function bestRssi(links: readonly GatewayLink[]): number | null {
  return best(links.map((link) => link.rssi));
}

export function bestLsnr(links: readonly GatewayLink[]): number | null {
  return best(links.map((link) => link.lsnr));
}
