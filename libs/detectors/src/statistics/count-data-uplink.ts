import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import { unchanged, type DetectorInput, type DetectorStep } from '../detector-step';
import { epochMs } from '../time';
import type { DeviceStatisticsState } from './device-statistics-state';
import { counted, heardFrom } from './device-heard';
import { hearLink, pruneLinks, type SignalWeights } from './gateway-links';
import { detectWeakSignal } from './laf-100-weak-signal';
import { detectManyLostPackets } from './laf-101-lost-packets';
import { detectPoorSnr } from './laf-102-poor-snr';
import { detectManyRetransmissions } from './laf-103-retransmissions';
import { updateActivityPeriod, type ActivityPeriod } from './moving-average';
import { silenceAllowance } from './silence-rule';
import { addCopy, addTransmission, classifyUplink, continuesSession } from './uplink-transmissions';

/**
 * One data uplink of the device (docs/alert-catalogue.md §2.7). Copies from other gateways and retransmissions refresh the
 * radio links but not the device's counters or period; only a new frame counts as a packet up, measures the
 * period and the lost frames, and can raise LAF-100/101/102. Retransmissions can raise LAF-103.
 */
export function countDataUplink(
  state: DeviceStatisticsState,
  input: DetectorInput,
  fCount: number,
): DetectorStep<DeviceStatisticsState> {
  const { packet, policy, devAddr } = input;
  const session = packet.devAddr;
  const sighting = classifyUplink(state.uplinks, packet, fCount, session);
  const links = hearLink(state.links, packet, signalWeights(policy));

  switch (sighting.kind) {
    case 'redelivery':
      return unchanged(state);
    case 'repeat':
      return unchanged({ ...state, uplinks: addCopy(state.uplinks, sighting.index, packet, false), links });
    case 'retransmission': {
      const next: DeviceStatisticsState = {
        ...state,
        uplinks: addCopy(state.uplinks, sighting.index, packet, true),
        links,
        awaitingJoinOutcome: false,
        ...counted(state, packet.date, { RETRANSMISSIONS: 1 }),
      };
      return {
        state: next,
        alerts: detectManyRetransmissions(next.hourly, packet, policy, devAddr),
        cleared: [],
      };
    }
    case 'new':
      break;
  }

  const gap = continuesSession(sighting.gap) ? sighting.gap : null;
  const lost = gap === null ? 0 : gap - 1;
  // The silence that got the device marked disconnected is an outage, not its usual interval: measured, it would
  // inflate the period and the variance so much that the device would no longer count as regular. Only a silence
  // judged against a period already learned is an outage: before that the device is marked disconnected after
  // min_activity_period, and a device that reports less often than that would otherwise never learn its period.
  const returning = !state.connected && state.lastActivity !== null && state.activityFreq !== null;
  const period = gap === null || returning ? periodOf(state) : measurePeriod(state, packet, gap, policy);
  const allowance = silenceAllowance(period, {
    minActivityPeriod: policy.parameter('LAF-401', 'min_activity_period'),
    disconnectionSensitivity: policy.parameter('LAF-401', 'disconnection_sensitivity'),
    deviationTolerance: null,
  });
  const heard = heardFrom(state, packet, devAddr);
  const next: DeviceStatisticsState = {
    ...state,
    ...period,
    ...heard.fields,
    ...counted(state, packet.date, { PACKETS_UP: 1, PACKETS_LOST: lost }),
    uplinks: addTransmission(state.uplinks, packet, fCount, session, gap === null),
    links: pruneLinks(links, packet.date, packet.gateway, allowance),
    awaitingJoinOutcome: false,
    payloadSize: packet.size,
    spreadingFactor: packet.spreadingFactor ?? state.spreadingFactor,
  };
  // On a device's first frame only the first gateway to report it is known: judging the best link then would
  // blame a device that another gateway hears well.
  const linksKnown = state.links.length > 0;
  const alerts = [
    ...(linksKnown ? detectWeakSignal(next.links, packet, policy, devAddr) : []),
    ...(linksKnown ? detectPoorSnr(next.links, packet, policy, devAddr) : []),
    ...(lost > 0 ? detectManyLostPackets(next.hourly, packet, policy, devAddr) : []),
  ];
  return { state: next, alerts, cleared: heard.cleared };
}

function signalWeights(policy: PolicyView): SignalWeights {
  return {
    rssi: policy.parameter('LAF-100', 'moving_average_weight'),
    lsnr: policy.parameter('LAF-102', 'moving_average_weight'),
  };
}

function periodOf(state: DeviceStatisticsState): ActivityPeriod {
  return { activityFreq: state.activityFreq, activityFreqVariance: state.activityFreqVariance };
}

/**
 * Seconds per frame since the previous counted frame, in total seconds (not the seconds field of the interval,
 * docs/alert-catalogue.md §4.2). A frame dated slightly before the previous one (gateway clocks) gives 0, not a negative.
 */
function measurePeriod(
  state: DeviceStatisticsState,
  packet: Packet,
  gap: number,
  policy: PolicyView,
): ActivityPeriod {
  const previous = state.uplinks[state.uplinks.length - 1];
  const elapsedSeconds = Math.max(0, epochMs(packet.date) - epochMs(previous.date)) / 1000;
  return updateActivityPeriod(
    periodOf(state),
    elapsedSeconds / gap,
    policy.parameter('LAF-401', 'moving_average_weight'),
  );
}
