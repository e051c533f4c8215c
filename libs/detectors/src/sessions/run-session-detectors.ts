import type { AlertDraft } from '@lorawatch/domain/alert';
import { isAlertCode } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import { unchanged, type DetectorInput, type DetectorStep, type IssueClearance } from '../detector-step';
import { epochMs, laterOf } from '../time';
import { dataFrameOf, isSameFrame, type DataFrameFields } from './data-frame';
import { duplicateDelaySeconds } from './duplicate-delay';
import {
  markRaised,
  raisedFor,
  trackFrame,
  type FrameSighting,
  type FrameTransmission,
} from './frame-transmissions';
import { previousUplinkVia, recordUplink } from './gateway-uplinks';
import { detectUplinkReplayed } from './laf-004-uplink-replayed';
import { detectDownlinkReplayed } from './laf-005-downlink-replayed';
import { detectPossibleAbp } from './laf-006-possible-abp';
import { detectDuplicatedSession } from './laf-007-duplicated-sessions';
import { detectSessionKeysKept } from './laf-011-session-keys-kept';
import { CLEARED_BY_NEW_SESSION, clearancesFor, newSessionEvidence } from './session-evidence';
import type { SessionDetectorsState } from './session-detectors-state';

export { initialSessionDetectors, type SessionDetectorsState } from './session-detectors-state';

/**
 * The device-scoped session family: replays (LAF-004, LAF-005), counter restarts and wraps (LAF-006, LAF-011)
 * and duplicated sessions (LAF-007). Called for every packet of one device in log order: join requests, join
 * accepts attributed to it, data frames up and down. Pure: the input state is never modified.
 *
 * Order matters: the frame tracker first says whether a data frame is new, a copy, a retransmission or a replay.
 * A re-delivered message changes nothing; a replayed one raises LAF-004/005 only, since an old frame says
 * nothing about the device's current session. Then a new session (join or new DevAddr) clears LAF-006/011;
 * then the counter rules compare each uplink with the last one through the same gateway.
 */
export function runSessionDetectors(
  state: SessionDetectorsState,
  input: DetectorInput,
): DetectorStep<SessionDetectorsState> {
  const { packet, policy } = input;
  const frame = dataFrameOf(packet);
  let sighting: FrameSighting | null = null;
  let next: SessionDetectorsState = state;
  if (frame !== null) {
    const delay = duplicateDelaySeconds(policy, frame.direction === 'up' ? 'LAF-004' : 'LAF-005');
    const tracked = trackFrame(state.frames, frame, packet, delay, {
      heardSince: state.framesHeardSince,
      settled: state.framesSettled,
      topCount: state.framesTopCount,
    });
    if (tracked.sighting.kind === 'redelivery') return unchanged(state);
    sighting = tracked.sighting;
    const { heardSince, settled, topCount } = tracked.bounds;
    next = {
      ...state,
      frames: tracked.frames,
      framesHeardSince: heardSince,
      framesSettled: settled,
      framesTopCount: topCount,
    };
  }
  if (sighting?.kind === 'replay') {
    const replay = { packet, sighting, devAddr: input.devAddr };
    const alerts =
      frame?.direction === 'down' ? detectDownlinkReplayed(replay) : detectUplinkReplayed(replay);
    return { state: next, alerts, cleared: [] };
  }

  const session = followSession(next, frame, input);
  if (frame === null || frame.direction !== 'up' || isSuperseded(next.frames, frame, sighting))
    return { state: session.state, alerts: [], cleared: session.cleared };
  const counters = checkCounters(session.state, frame, input);
  return { state: counters.state, alerts: counters.alerts, cleared: session.cleared };
}

interface SessionStep {
  state: SessionDetectorsState;
  cleared: IssueClearance[];
}

/** Notices a new session, and keeps the device's current DevAddr. */
function followSession(
  state: SessionDetectorsState,
  frame: DataFrameFields | null,
  input: DetectorInput,
): SessionStep {
  const { packet } = input;
  // A frame dated before the last join is a late copy from the session the join ended.
  if (frame !== null && isBeforeLastJoin(state, packet)) return { state, cleared: [] };
  const evidence = newSessionEvidence(packet, frame, state.devAddr);
  let next = frame === null ? state : { ...state, devAddr: frame.devAddr };
  if (evidence === null) return { state: next, cleared: [] };

  const cleared = clearancesFor(next.openIssues, evidence, packet, input.devAddr);
  next = { ...next, otaa: true, openIssues: [] };
  if (evidence.kind === 'join') {
    const lastJoinAt = next.lastJoinAt === null ? packet.date : laterOf(next.lastJoinAt, packet.date);
    // Counters restart with the new session; uplinks dated after the join already belong to it.
    const uplinks = next.uplinks.filter((uplink) => epochMs(uplink.date) >= epochMs(lastJoinAt));
    next = { ...next, lastJoinAt, uplinks };
  }
  return { state: next, cleared };
}

interface CountersStep {
  state: SessionDetectorsState;
  alerts: AlertDraft[];
}

/** LAF-006, LAF-007 and LAF-011 against the gateway's previous uplink, once per send of the frame. */
function checkCounters(
  state: SessionDetectorsState,
  frame: DataFrameFields,
  input: DetectorInput,
): CountersStep {
  const { packet } = input;
  if (packet.gateway === null) return { state, alerts: [] };
  const previous = previousUplinkVia(state.uplinks, packet.gateway);
  const rule = { previous, frame, packet, devAddr: input.devAddr };
  const found = [
    ...detectPossibleAbp({ ...rule, otaa: state.otaa }),
    ...detectDuplicatedSession(rule),
    ...detectSessionKeysKept({ ...rule, otaa: state.otaa }),
  ];
  const alreadyRaised = raisedFor(state.frames, frame);
  const alerts = found.filter((alert) => !alreadyRaised.some((code) => code === alert.code));
  const opened = CLEARED_BY_NEW_SESSION.filter(
    (code) => alerts.some((alert) => alert.code === code) && !state.openIssues.includes(code),
  );
  return {
    state: {
      ...state,
      frames:
        alerts.length === 0
          ? state.frames
          : markRaised(state.frames, frame, alerts.map((alert) => alert.code).filter(isAlertCode)),
      uplinks: recordUplink(state.uplinks, frame, packet, state.lastJoinAt),
      openIssues: [...state.openIssues, ...opened],
    },
    alerts,
  };
}

/**
 * Another copy or a retransmission of an uplink the device has since moved on from: a gateway with a slow backhaul
 * or a resend that crossed the next frame. Its counter was judged when the frame was first seen; judged again
 * against the newer frame it would look like a counter going back, which only a second session produces.
 */
function isSuperseded(
  frames: readonly FrameTransmission[],
  frame: DataFrameFields,
  sighting: FrameSighting | null,
): boolean {
  if (sighting?.kind !== 'gateway-copy' && sighting?.kind !== 'retransmission') return false;
  const index = frames.findIndex((known) => isSameFrame(known, frame));
  return frames.slice(index + 1).some((later) => later.direction === 'up' && later.devAddr === frame.devAddr);
}

function isBeforeLastJoin(state: SessionDetectorsState, packet: Packet): boolean {
  return state.lastJoinAt !== null && epochMs(packet.date) < epochMs(state.lastJoinAt);
}
