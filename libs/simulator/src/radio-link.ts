import type { Random } from './random';
import type { SimGateway } from './sim-event';

/** A device–gateway pair with its long-term signal level; each frame adds fast fading on top. */
export interface RadioLink {
  gateway: SimGateway;
  meanRssi: number;
  meanSnr: number;
}

export interface Reception {
  gateway: SimGateway;
  rssi: number;
  snr: number;
}

const TX_POWER_DBM = 14;
/** Thermal noise over 125 kHz plus a typical 6 dB concentrator noise figure. */
const NOISE_FLOOR_DBM = -117;
/** SX1301 sensitivity at 125 kHz, SF7..SF12. */
const SENSITIVITY_DBM: Readonly<Record<number, number>> = {
  7: -123,
  8: -126,
  9: -129,
  10: -132,
  11: -134.5,
  12: -137,
};
const LINK_MARGIN_DB = 10;
/** A frame the best gateway hears reaches the others with this probability (collisions, fading). */
const SECONDARY_RECEPTION_PROBABILITY = 0.85;

/**
 * Log-distance path loss with log-normal shadowing: enough to give each device a believable RSSI/SNR
 * profile per gateway, which the signal-anomaly and replay detectors compare new frames against.
 */
export function meanRssiAt(distanceMeters: number, shadowingDb: number): number {
  const pathLoss = 30 + 30 * Math.log10(Math.max(distanceMeters, 50));
  return TX_POWER_DBM - pathLoss + shadowingDb;
}

export function snrFor(rssi: number): number {
  // Concentrators report SNR saturating around +10 dB for strong signals.
  return Math.min(10, rssi - NOISE_FLOOR_DBM);
}

/** ADR-like choice: the fastest spreading factor that keeps a margin on the best link. */
export function spreadingFactorFor(bestRssi: number): number {
  for (const sf of [7, 8, 9, 10, 11]) {
    if (bestRssi - SENSITIVITY_DBM[sf] >= LINK_MARGIN_DB) return sf;
  }
  return 12;
}

/** Which gateways hear one transmission, and how well: the best link always, the others usually. */
export function receive(links: readonly RadioLink[], random: Random): Reception[] {
  return links
    .filter((_link, index) => index === 0 || random.chance(SECONDARY_RECEPTION_PROBABILITY))
    .map((link) => ({
      gateway: link.gateway,
      rssi: Math.round(link.meanRssi + random.normal(0, 2)),
      snr: Math.round((link.meanSnr + random.normal(0, 1)) * 10) / 10,
    }));
}
