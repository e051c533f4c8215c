import type { Packet } from '@lorawatch/domain/packet';

/**
 * Detectors have no clock: every instant comes from a packet date (ISO 8601). Collectors guarantee the format,
 * so an unreadable date is a contract breach and fails loudly rather than skewing every time window.
 */
export function epochMs(isoDate: string): number {
  const known = parsed.get(isoDate);
  if (known !== undefined) return known;
  const ms = Date.parse(isoDate);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO 8601 date: "${isoDate}"`);
  // The detectors compare the same few dates (a packet's, its device's last ones) many times per packet.
  if (parsed.size >= PARSED_DATES_KEPT) parsed.clear();
  parsed.set(isoDate, ms);
  return ms;
}

const PARSED_DATES_KEPT = 4096;
const parsed = new Map<string, number>();

/** Absolute distance in seconds: copies from different gateways may arrive slightly out of order. */
export function secondsApart(a: string, b: string): number {
  return Math.abs(epochMs(a) - epochMs(b)) / 1000;
}

export const SECONDS_PER_DAY = 86400;

/** Packets may arrive slightly out of order; a "last seen" date never moves back. */
export function laterOf(a: string, b: string): string {
  return epochMs(b) > epochMs(a) ? b : a;
}

/** Event time, then packet id: a total order on packets, the same wherever they were read from. */
export function inEventTimeOrder(a: Pick<Packet, 'date' | 'id'>, b: Pick<Packet, 'date' | 'id'>): number {
  const byDate = epochMs(a.date) - epochMs(b.date);
  if (byDate !== 0) return byDate;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
