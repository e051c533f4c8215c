import { unchanged, type DetectorInput, type DetectorStep } from '../detector-step';
import { hearJoinRequest, type RecentJoinRequest } from './join-request-copies';
import { detectFailedJoins, initialFailedJoins, type FailedJoinsState } from './laf-404-failed-joins';
import { detectJoinRhythm, initialJoinRhythm, type JoinRhythmState } from './laf-501-join-rhythm';

/**
 * The join detector family of one device (LAF-404 and LAF-501), run for every packet of the device in log order.
 * Both count join request transmissions, so gateway copies and re-deliveries are recognised once, here, and
 * never reach them.
 */
export interface JoinDetectorsState {
  recentJoinRequests: RecentJoinRequest[];
  failedJoins: FailedJoinsState;
  joinRhythm: JoinRhythmState;
}

export function initialJoinDetectors(): JoinDetectorsState {
  return { recentJoinRequests: [], failedJoins: initialFailedJoins(), joinRhythm: initialJoinRhythm() };
}

export function runJoinDetectors(
  state: JoinDetectorsState,
  input: DetectorInput,
): DetectorStep<JoinDetectorsState> {
  let recentJoinRequests = state.recentJoinRequests;
  if (input.packet.mType === 'JoinRequest') {
    const heard = hearJoinRequest(state.recentJoinRequests, input.packet);
    if (heard.kind !== 'transmission') return unchanged({ ...state, recentJoinRequests: heard.recent });
    recentJoinRequests = heard.recent;
  }
  const laf404 = detectFailedJoins(state.failedJoins, input);
  const laf501 = detectJoinRhythm(state.joinRhythm, input);
  return {
    state: { recentJoinRequests, failedJoins: laf404.state, joinRhythm: laf501.state },
    alerts: [...laf404.alerts, ...laf501.alerts],
    cleared: [...laf404.cleared, ...laf501.cleared],
  };
}
