import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import type { DetectorInput, DetectorStep } from '../detector-step';
import { epochMs, laterOf } from '../time';
import {
  assessJoinRhythm,
  emptyJoinRhythmProfile,
  learnJoinRhythm,
  type JoinRhythmProfile,
} from './join-rhythm-profile';

/**
 * LAF-501: the device's join requests break its rhythm (docs/alert-catalogue.md LAF-501).
 * - Rule A: a join request sooner than usual, after fewer uplinks than usual, and unlikely under both learned
 *   profiles (score below `jr_tdiff_sensitivity`). Someone forcing a device to rejoin, by jamming or by
 *   spoofing, shortens its sessions.
 * - Rule B: the first uplink after a join request continues a counter above 16, so the device kept its old
 *   session: the join request did not come from the device, or its join failed and it went on as before.
 * A join request is judged against the profile before it is learned.
 */
export interface JoinRhythmState {
  /** Latest join request transmission. */
  lastJoinRequestDate: string | null;
  /** FCnt of the latest data uplink. */
  lastFCount: number | null;
  /** A join request came and no uplink dated after it yet. */
  awaitingUplink: boolean;
  profile: JoinRhythmProfile;
}

/** A fresh session counts from 0; a few lost or unheard frames still leave it well below this. */
export const MAX_FCOUNT_OF_NEW_SESSION = 16;

export function initialJoinRhythm(): JoinRhythmState {
  return {
    lastJoinRequestDate: null,
    lastFCount: null,
    awaitingUplink: false,
    profile: emptyJoinRhythmProfile(),
  };
}

/** Called with join request transmissions only (never another gateway's copy) and every other packet. */
export function detectJoinRhythm(
  state: JoinRhythmState,
  input: DetectorInput,
): DetectorStep<JoinRhythmState> {
  const { packet } = input;
  if (packet.mType === 'JoinRequest') return onJoinRequest(state, input);
  if (!isDataUplink(packet) || packet.fCount === null) return { state, alerts: [], cleared: [] };

  // An uplink dated before the join request was sent before it, even if it reaches us after.
  const afterJoinRequest =
    state.lastJoinRequestDate === null || epochMs(packet.date) >= epochMs(state.lastJoinRequestDate);
  const firstAfterJoin = state.awaitingUplink && afterJoinRequest;
  const next = {
    ...state,
    lastFCount: packet.fCount,
    awaitingUplink: state.awaitingUplink && !firstAfterJoin,
  };
  const keptSession = firstAfterJoin && packet.fCount > MAX_FCOUNT_OF_NEW_SESSION;
  const alerts = keptSession ? [draftAlert({ code: 'LAF-501', packet, devAddr: input.devAddr })] : [];
  return { state: next, alerts, cleared: [] };
}

function onJoinRequest(state: JoinRhythmState, input: DetectorInput): DetectorStep<JoinRhythmState> {
  const { packet, policy } = input;
  const previous = state.lastJoinRequestDate;
  const gapSeconds = previous === null ? null : (epochMs(packet.date) - epochMs(previous)) / 1000;
  const next: JoinRhythmState = {
    ...state,
    lastJoinRequestDate: previous === null ? packet.date : laterOf(previous, packet.date),
    awaitingUplink: true,
    profile:
      gapSeconds === null ? state.profile : learnJoinRhythm(state.profile, gapSeconds, state.lastFCount),
  };
  if (gapSeconds === null || state.lastFCount === null) return { state: next, alerts: [], cleared: [] };

  const assessment = assessJoinRhythm(state.profile, gapSeconds, state.lastFCount);
  const sensitivity = policy.parameter('LAF-501', 'jr_tdiff_sensitivity');
  if (assessment === null || !assessment.earlier || !(assessment.score < sensitivity)) {
    return { state: next, alerts: [], cleared: [] };
  }
  const alert = draftAlert({
    code: 'LAF-501',
    packet,
    devAddr: input.devAddr,
    parameters: {
      delta: rounded(gapSeconds),
      median: rounded(assessment.medianGapSeconds),
      last_fcount: state.lastFCount,
      mean_last_fcount: rounded(assessment.meanLastFCount),
      score: assessment.score,
    },
  });
  return { state: next, alerts: [alert], cleared: [] };
}

/** Millisecond precision, as packet dates carry; more digits are noise in a message. */
function rounded(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function isDataUplink(packet: Packet): boolean {
  return packet.mType === 'UnconfirmedDataUp' || packet.mType === 'ConfirmedDataUp';
}
