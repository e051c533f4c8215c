import { unchanged, type DetectorInput, type DetectorStep } from '../detector-step';
import { epochMs } from '../time';
import { RECENT_GATEWAY_PACKET_IDS, type GatewayStatisticsState } from './gateway-statistics-state';
import { countInWindow } from './hourly-window';
import { gatewayHeardAgain } from './laf-403-gateway-silent';
import { movingAverage } from './moving-average';
import { addCounts, type TrafficIncrement } from './traffic-counts';

export { initialGatewayStatistics, type GatewayStatisticsState } from './gateway-statistics-state';

/**
 * Per-packet statistics of one gateway (docs/alert-catalogue.md §2.7), called for every packet it relays, and the
 * clearance of LAF-403 once a silent gateway is heard again. The period uses LAF-403's own moving-average weight
 * (the original borrowed LAF-102's, §4.2).
 */
export function updateGatewayStatistics(
  state: GatewayStatisticsState,
  input: DetectorInput,
): DetectorStep<GatewayStatisticsState> {
  const { packet, policy } = input;
  if (packet.gateway === null || state.recentPacketIds.includes(packet.id)) return unchanged(state);

  const packetMs = epochMs(packet.date);
  const newest = state.lastActivity === null || packetMs >= epochMs(state.lastActivity);
  // A packet older than the latest one (clock jitter, late delivery) says nothing about the interval.
  const activityFreq =
    state.lastActivity === null || !newest
      ? state.activityFreq
      : movingAverage(
          state.activityFreq,
          (packetMs - epochMs(state.lastActivity)) / 1000,
          policy.parameter('LAF-403', 'moving_average_weight'),
        );
  const increment: TrafficIncrement = packet.direction === 'up' ? { PACKETS_UP: 1 } : { PACKETS_DOWN: 1 };
  const cleared = gatewayHeardAgain(state, packet, packet.gateway);
  return {
    state: {
      firstActivity:
        state.firstActivity === null || packetMs < epochMs(state.firstActivity)
          ? packet.date
          : state.firstActivity,
      lastActivity: newest ? packet.date : state.lastActivity,
      lastPacket: newest ? packet : state.lastPacket,
      connected: true,
      silenceAlertId: null,
      activityFreq,
      totals: addCounts(state.totals, increment),
      hourly: countInWindow(state.hourly, packet.date, increment),
      recentPacketIds: [...state.recentPacketIds, packet.id].slice(-RECENT_GATEWAY_PACKET_IDS),
    },
    alerts: [],
    cleared,
  };
}
