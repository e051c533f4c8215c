import { bestLsnr, bestRssi } from './gateway-links';
import type { DeviceStatisticsState } from './device-statistics-state';
import { windowTotals, WINDOW_HOURS } from './hourly-window';
import { forDisplay } from './moving-average';
import { coveredSeconds, packetCount, type PacketCount } from './packet-rates';
import { isRegular } from './silence-rule';

/**
 * What the network overview and the asset views show for a device (docs/api.md §10 and §13). Packet counters
 * cover the 24 hours ending at `at` (the latest processed packet); the `npackets_*` fields are lifetime totals.
 * Dates stay ISO 8601: the read model converts them to the API's formats.
 */
export interface DeviceUsage {
  activity_freq: number | null;
  activity_freq_variance: number | null;
  is_regular: boolean;
  packets_up: PacketCount;
  packets_down: PacketCount;
  /** Share of lost frames in up + down + lost, as the overview's loss filters use it. */
  packets_lost: PacketCount;
  retransmissions: number;
  join_requests: number;
  failed_join_requests: number;
  max_rssi: number | null;
  max_lsnr: number | null;
  payload_size: number | null;
  ngateways_connected_to: number;
  spread_factor: number | null;
  connected: boolean;
  first_activity: string | null;
  last_activity: string | null;
  npackets_up: number;
  npackets_down: number;
  npackets_lost: number;
}

export function deviceUsage(
  state: DeviceStatisticsState,
  at: string,
  deviationTolerance: number,
): DeviceUsage {
  const window = windowTotals(state.hourly, at, WINDOW_HOURS);
  const traffic = window.PACKETS_UP + window.PACKETS_DOWN + window.PACKETS_LOST;
  const seconds = coveredSeconds(state.firstActivity, at);
  const rssi = bestRssi(state.links);
  const lsnr = bestLsnr(state.links);
  return {
    activity_freq: state.activityFreq === null ? null : forDisplay(state.activityFreq),
    activity_freq_variance:
      state.activityFreqVariance === null ? null : forDisplay(state.activityFreqVariance),
    is_regular: isRegular(state, deviationTolerance),
    packets_up: packetCount(window.PACKETS_UP, traffic, seconds),
    packets_down: packetCount(window.PACKETS_DOWN, traffic, seconds),
    packets_lost: packetCount(window.PACKETS_LOST, traffic, seconds),
    retransmissions: window.RETRANSMISSIONS,
    join_requests: window.JOIN_REQUESTS,
    failed_join_requests: window.FAILED_JOIN_REQUESTS,
    max_rssi: rssi === null ? null : forDisplay(rssi),
    max_lsnr: lsnr === null ? null : forDisplay(lsnr),
    payload_size: state.payloadSize,
    ngateways_connected_to: state.links.length,
    spread_factor: state.spreadingFactor,
    connected: state.connected,
    first_activity: state.firstActivity,
    last_activity: state.lastActivity,
    npackets_up: state.totals.PACKETS_UP,
    npackets_down: state.totals.PACKETS_DOWN,
    npackets_lost: state.totals.PACKETS_LOST,
  };
}
