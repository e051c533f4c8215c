import type { GatewayStatisticsState } from './gateway-statistics-state';
import { windowTotals, WINDOW_HOURS } from './hourly-window';
import { forDisplay } from './moving-average';
import { coveredSeconds, packetCount, type PacketCount } from './packet-rates';

/**
 * What the network overview and the asset views show for a gateway (docs/api.md §10 and §13). Device-only
 * figures are null, as the API gives them; a gateway always counts as regular.
 */
export interface GatewayUsage {
  activity_freq: number | null;
  activity_freq_variance: null;
  is_regular: true;
  packets_up: PacketCount;
  packets_down: PacketCount;
  packets_lost: null;
  retransmissions: null;
  join_requests: null;
  failed_join_requests: null;
  max_rssi: null;
  max_lsnr: null;
  payload_size: null;
  ngateways_connected_to: null;
  spread_factor: null;
  connected: boolean;
  first_activity: string | null;
  last_activity: string | null;
  npackets_up: number;
  npackets_down: number;
}

export function gatewayUsage(state: GatewayStatisticsState, at: string): GatewayUsage {
  const window = windowTotals(state.hourly, at, WINDOW_HOURS);
  const traffic = window.PACKETS_UP + window.PACKETS_DOWN;
  const seconds = coveredSeconds(state.firstActivity, at);
  return {
    activity_freq: state.activityFreq === null ? null : forDisplay(state.activityFreq),
    activity_freq_variance: null,
    is_regular: true,
    packets_up: packetCount(window.PACKETS_UP, traffic, seconds),
    packets_down: packetCount(window.PACKETS_DOWN, traffic, seconds),
    packets_lost: null,
    retransmissions: null,
    join_requests: null,
    failed_join_requests: null,
    max_rssi: null,
    max_lsnr: null,
    payload_size: null,
    ngateways_connected_to: null,
    spread_factor: null,
    connected: state.connected,
    first_activity: state.firstActivity,
    last_activity: state.lastActivity,
    npackets_up: state.totals.PACKETS_UP,
    npackets_down: state.totals.PACKETS_DOWN,
  };
}
