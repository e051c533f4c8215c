/**
 * The packet counters kept per asset, both as lifetime totals and per hour (docs/alert-catalogue.md §2.7). One record type
 * serves both so a window sum and a total read the same way.
 */
export const TRAFFIC_COUNTERS = [
  'PACKETS_UP',
  'PACKETS_DOWN',
  'PACKETS_LOST',
  'JOIN_REQUESTS',
  'FAILED_JOIN_REQUESTS',
  'RETRANSMISSIONS',
] as const;

export type TrafficCounter = (typeof TRAFFIC_COUNTERS)[number];

export type TrafficCounts = Record<TrafficCounter, number>;

/** What one packet adds; counters it does not name stay as they are. */
export type TrafficIncrement = Partial<TrafficCounts>;

export function zeroCounts(): TrafficCounts {
  return {
    PACKETS_UP: 0,
    PACKETS_DOWN: 0,
    PACKETS_LOST: 0,
    JOIN_REQUESTS: 0,
    FAILED_JOIN_REQUESTS: 0,
    RETRANSMISSIONS: 0,
  };
}

export function addCounts(counts: TrafficCounts, increment: TrafficIncrement): TrafficCounts {
  const next = { ...counts };
  // Every counter of TRAFFIC_COUNTERS, written out: this runs several times per packet.
  next.PACKETS_UP += increment.PACKETS_UP ?? 0;
  next.PACKETS_DOWN += increment.PACKETS_DOWN ?? 0;
  next.PACKETS_LOST += increment.PACKETS_LOST ?? 0;
  next.JOIN_REQUESTS += increment.JOIN_REQUESTS ?? 0;
  next.FAILED_JOIN_REQUESTS += increment.FAILED_JOIN_REQUESTS ?? 0;
  next.RETRANSMISSIONS += increment.RETRANSMISSIONS ?? 0;
  return next;
}
