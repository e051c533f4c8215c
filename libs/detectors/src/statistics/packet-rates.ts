import { epochMs, SECONDS_PER_DAY } from '../time';
import { forDisplay } from './moving-average';

/** A counter of the network overview (docs/api.md §13): its 24-hour total, share of the traffic, and rates. */
export interface PacketCount {
  total: number;
  /** Percent of the window's traffic; null when there was none. */
  percentage: number | null;
  per_minute: number;
  per_hour: number;
  per_day: number;
}

/**
 * Rates over the part of the 24-hour window the asset has existed for, so a device first heard an hour ago is not
 * shown as sending 24 times less than it does. At least a minute, so one packet does not read as a burst.
 */
export function coveredSeconds(firstActivity: string | null, at: string): number {
  if (firstActivity === null) return SECONDS_PER_DAY;
  const seconds = (epochMs(at) - epochMs(firstActivity)) / 1000;
  return Math.min(SECONDS_PER_DAY, Math.max(60, seconds));
}

export function packetCount(total: number, trafficTotal: number, seconds: number): PacketCount {
  return {
    total,
    percentage: trafficTotal === 0 ? null : forDisplay((100 * total) / trafficTotal),
    per_minute: forDisplay((total * 60) / seconds),
    per_hour: forDisplay((total * 3600) / seconds),
    per_day: forDisplay((total * SECONDS_PER_DAY) / seconds),
  };
}
