/**
 * The public entry of the dashboard context: what other contexts and the processes may import (its events, views and
 * ids). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export {
  RECENT_PACKET_CURSORS,
  RECENT_PACKETS,
  RECENT_PACKETS_PER_SOURCE,
  type RecentPacket,
  type RecentPacketCursor,
} from './traffic/recent-packets';
export {
  DEVICE_DAYS,
  type DeviceDay,
  TRAFFIC_COLLECTIONS,
  TRAFFIC_DAYS,
  TRAFFIC_GROUP,
  TRAFFIC_HOURS,
  trafficCheckpoint,
  type TrafficDay,
  type TrafficHour,
} from './traffic/traffic.view';
