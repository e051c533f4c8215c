import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import { unchanged, type DetectorInput, type DetectorStep } from '../detector-step';
import { orderFrame } from './message-steps';
import {
  learnCopy,
  learnMessage,
  newSessionProfile,
  profiledFrame,
  scoreMessage,
  type SessionProfile,
} from './session-profile';
import {
  judgeScores,
  MESSAGE_VARIABLES,
  type MessageScores,
  type MessageVariable,
} from './suspicious-variables';

/**
 * LAF-503: a confirmed uplink whose signal strength, size, counter step and timing together do not look like
 * what its session usually sends (docs/alert-catalogue.md LAF-503). Only confirmed uplinks are profiled, as specified:
 * they are the frames that make the network answer, so an impostor's ones matter most.
 *
 * Each message is scored against the profiles learned so far and only then learned, so an odd message is judged
 * before it can shift the profile. A new DevAddr is a new session and starts from scratch.
 */
export interface MessageAnomalyState {
  /** Null before the device's first confirmed uplink. */
  session: SessionProfile | null;
}

export function initialMessageAnomaly(): MessageAnomalyState {
  return { session: null };
}

export function runMessageAnomalyDetector(
  state: MessageAnomalyState,
  input: DetectorInput,
): DetectorStep<MessageAnomalyState> {
  const { packet, policy } = input;
  if (packet.mType !== 'ConfirmedDataUp' || packet.devAddr === null || packet.fCount === null) {
    return unchanged(state);
  }
  const frame = { ...packet, fCount: packet.fCount };
  const session =
    state.session !== null && state.session.devAddr === packet.devAddr
      ? state.session
      : newSessionProfile(packet.devAddr);
  if (session.last === null) {
    return unchanged({ session: { ...session, last: profiledFrame(frame) } });
  }

  const order = orderFrame(session.last, frame);
  if (order.kind === 'same') return unchanged({ session: learnCopy(session, packet) });
  if (order.kind === 'late') return unchanged(state);

  const scores = scoreMessage(session, packet, order.steps);
  const parameter = (name: string) => policy.parameter('LAF-503', name);
  const outcome = judgeScores(scores, session.normalRuns, {
    sensitivities: {
      rssi: parameter('rssi_sensitivity'),
      size: parameter('size_sensitivity'),
      tdiff: parameter('tdiff_sensitivity'),
      cdiff: parameter('cdiff_sensitivity'),
    },
    gracePeriod: parameter('grace_period'),
  });
  const next: SessionProfile = {
    ...learnMessage(session, frame, order.steps),
    normalRuns: outcome.normalRuns,
  };
  const anomalous = outcome.suspicious.length >= parameter('max_suspicious');
  return {
    state: { session: next },
    alerts: anomalous ? [anomalyAlert(packet, input.devAddr, scores, outcome.suspicious)] : [],
    cleared: [],
  };
}

function anomalyAlert(
  packet: Packet,
  devAddr: string | null,
  scores: MessageScores,
  suspicious: MessageVariable[],
) {
  const scoreParameters = Object.fromEntries(
    MESSAGE_VARIABLES.map((variable) => [`${variable}_score`, scores[variable]]),
  );
  return draftAlert({
    code: 'LAF-503',
    packet,
    devAddr,
    // Not in the original alert: which variables were odd, and how odd, is what an analyst looks at first.
    parameters: { suspicious_variables: suspicious.join(','), ...scoreParameters },
  });
}
