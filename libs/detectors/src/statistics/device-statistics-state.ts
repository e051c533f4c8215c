import type { Packet } from '@lorawatch/domain/packet';
import type { GatewayLink } from './gateway-links';
import type { HourBucket } from './hourly-window';
import type { JoinRequestSeen } from './join-request-sightings';
import { zeroCounts, type TrafficCounts } from './traffic-counts';
import type { UplinkTransmission } from './uplink-transmissions';

/**
 * Traffic statistics of one device (docs/alert-catalogue.md §2.7), stored by the runner under the device's state key.
 * Plain JSON; every list is bounded (see the modules that fill them).
 */
export interface DeviceStatisticsState {
  firstActivity: string | null;
  /** Date of the latest counted uplink (data frame or join request). */
  lastActivity: string | null;
  /** Snapshot of the uplink behind lastActivity: LAF-401's alert shows it as the device's last packet. */
  lastUplink: Packet | null;
  /** Session address last seen for the device. */
  devAddr: string | null;
  /** True from the first counted uplink until a tick finds the device silent. */
  connected: boolean;
  /** The LAF-401 alert raised for the current silence; the next uplink clears it. */
  silenceAlertId: string | null;
  /** Expected seconds between uplinks, and its variance (s²); null until measured. */
  activityFreq: number | null;
  activityFreqVariance: number | null;
  /** Recent data uplinks, oldest first; the last one is the frame counter's baseline. */
  uplinks: UplinkTransmission[];
  /** Baseline of the downlink counter. */
  lastDownlink: { devAddr: string | null; fCount: number } | null;
  joinRequests: JoinRequestSeen[];
  /** A join request was counted and nothing else has come from or to the device since. */
  awaitingJoinOutcome: boolean;
  links: GatewayLink[];
  totals: TrafficCounts;
  hourly: HourBucket[];
  /** PHYPayload bytes of the latest counted uplink. */
  payloadSize: number | null;
  spreadingFactor: number | null;
}

export function initialDeviceStatistics(): DeviceStatisticsState {
  return {
    firstActivity: null,
    lastActivity: null,
    lastUplink: null,
    devAddr: null,
    connected: false,
    silenceAlertId: null,
    activityFreq: null,
    activityFreqVariance: null,
    uplinks: [],
    lastDownlink: null,
    joinRequests: [],
    awaitingJoinOutcome: false,
    links: [],
    totals: zeroCounts(),
    hourly: [],
    payloadSize: null,
    spreadingFactor: null,
  };
}
