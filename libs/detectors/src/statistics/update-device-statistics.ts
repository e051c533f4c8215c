import type { Packet } from '@lorawatch/domain/packet';
import { unchanged, type DetectorInput, type DetectorStep } from '../detector-step';
import { epochMs } from '../time';
import { countDataUplink } from './count-data-uplink';
import { counted, heardFrom } from './device-heard';
import type { DeviceStatisticsState } from './device-statistics-state';
import { trackJoinRequestCopies } from './join-request-sightings';

export { initialDeviceStatistics, type DeviceStatisticsState } from './device-statistics-state';

/**
 * Per-packet statistics of one device (docs/alert-catalogue.md §2.7) and the detectors built on them: LAF-100, LAF-101,
 * LAF-102, LAF-103, and the clearance of LAF-401. The runner calls it for every packet of the device: join
 * requests, data frames both ways, and join accepts attributed to it. Frames with FCnt 0 count like any other
 * (the original skipped them, §4.2).
 */
export function updateDeviceStatistics(
  state: DeviceStatisticsState,
  input: DetectorInput,
): DetectorStep<DeviceStatisticsState> {
  const { packet } = input;
  const seen: DeviceStatisticsState = {
    ...state,
    firstActivity: earlierOf(state.firstActivity, packet.date),
    devAddr: packet.devAddr ?? input.devAddr ?? state.devAddr,
  };
  switch (packet.mType) {
    case 'JoinRequest':
      return countJoinRequest(seen, input);
    case 'JoinAccept':
      return unchanged(startSession(seen));
    case 'UnconfirmedDataUp':
    case 'ConfirmedDataUp':
      return packet.fCount === null ? unchanged(seen) : countDataUplink(seen, input, packet.fCount);
    case 'UnconfirmedDataDown':
    case 'ConfirmedDataDown':
      return unchanged(countDownlink(seen, packet));
    default:
      // Rejoin requests and proprietary frames carry no counter this family can follow.
      return unchanged(seen);
  }
}

/**
 * A join request while the previous one got no answer (nothing else came from or to the device in between) is a
 * failed one, as in LAF-404. It also shows the device is alive.
 */
function countJoinRequest(
  state: DeviceStatisticsState,
  input: DetectorInput,
): DetectorStep<DeviceStatisticsState> {
  const { packet, devAddr } = input;
  const tracked = trackJoinRequestCopies(state.joinRequests, packet);
  if (tracked.sighting === 'redelivery') return unchanged(state);
  if (tracked.sighting === 'copy') return unchanged({ ...state, joinRequests: tracked.recent });
  const heard = heardFrom(state, packet, devAddr);
  const failed = state.awaitingJoinOutcome ? 1 : 0;
  return {
    state: {
      ...state,
      ...heard.fields,
      ...counted(state, packet.date, { JOIN_REQUESTS: 1, FAILED_JOIN_REQUESTS: failed }),
      joinRequests: tracked.recent,
      awaitingJoinOutcome: true,
    },
    alerts: [],
    cleared: heard.cleared,
  };
}

/** A join accept starts a new session: its counters begin again, so the old baselines no longer apply. */
function startSession(state: DeviceStatisticsState): DeviceStatisticsState {
  return { ...state, uplinks: [], lastDownlink: null, awaitingJoinOutcome: false };
}

/** A downlink with the downlink counter already counted is a repeat and counts nothing. */
function countDownlink(state: DeviceStatisticsState, packet: Packet): DeviceStatisticsState {
  const answered = { ...state, awaitingJoinOutcome: false };
  if (packet.fCount === null) return answered;
  const last = state.lastDownlink;
  if (last !== null && last.fCount === packet.fCount && last.devAddr === packet.devAddr) return answered;
  return {
    ...answered,
    ...counted(state, packet.date, { PACKETS_DOWN: 1 }),
    lastDownlink: { devAddr: packet.devAddr, fCount: packet.fCount },
  };
}

function earlierOf(known: string | null, date: string): string {
  return known === null || epochMs(date) < epochMs(known) ? date : known;
}
