import type { Packet } from '@lorawatch/domain/packet';
import type { HourBucket } from './hourly-window';
import { zeroCounts, type TrafficCounts } from './traffic-counts';

/** Traffic statistics of one gateway (docs/alert-catalogue.md §2.7), stored by the runner under the gateway's state key. */
export interface GatewayStatisticsState {
  firstActivity: string | null;
  lastActivity: string | null;
  /** Snapshot of the packet behind lastActivity: LAF-403's alert shows it. */
  lastPacket: Packet | null;
  /** True from the first packet until a tick finds the gateway silent. */
  connected: boolean;
  /** The LAF-403 alert raised for the current silence; the next packet clears it. */
  silenceAlertId: string | null;
  /** Moving average of the seconds between the packets it relays; null until measured. */
  activityFreq: number | null;
  /** Only PACKETS_UP and PACKETS_DOWN apply to gateways. */
  totals: TrafficCounts;
  hourly: HourBucket[];
  /** Ids of the latest packets, so a message delivered twice counts once. */
  recentPacketIds: string[];
}

export const RECENT_GATEWAY_PACKET_IDS = 16;

export function initialGatewayStatistics(): GatewayStatisticsState {
  return {
    firstActivity: null,
    lastActivity: null,
    lastPacket: null,
    connected: false,
    silenceAlertId: null,
    activityFreq: null,
    totals: zeroCounts(),
    hourly: [],
    recentPacketIds: [],
  };
}
