import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import { unchanged, type DetectorInput, type DetectorStep } from '../detector-step';
import { epochMs } from '../time';

/**
 * LAF-002: a session (DevAddr within a data source) that was used by one device shows up with another DevEUI
 * (docs/alert-catalogue.md LAF-002, §2.6 links). Networks reuse addresses after a device leaves, so the type is
 * informational and off by default.
 *
 * The runner keys this state by data source + DevAddr and calls it for packets that carry both a DevAddr and a
 * DevEUI. Those packets come from the packet-log partitions of every device using the address, and the partitions
 * are detected in no particular order (docs/architecture.md §9, order across partitions). So the state is not
 * "the current owner" but the address's history in event time: runs of frames of one device each, ordered by date.
 * A frame extends its device's run or starts a new run where its date puts it, wherever it arrives from; a frame
 * dated inside another device's run is a late copy (a slow backhaul), not two more moves.
 *
 * A move (a run after another device's run) is alerted once the data source's watermark has passed its date
 * (`settleSharedDevAddr`, run by the silence ticks): by then every frame dated before it has been detected, in
 * whichever partition, so the alert is the same whatever the arrival order: the new device's first frame, and the
 * previous device's last uplink before the move. The price is the allowed lateness plus a tick of delay.
 */
export const SESSION_LINK_VERSION = 2;

/** Runs kept per address, newest last: an address changing hands more often than this is flagged already. */
export const MAX_SESSION_RUNS = 16;

export interface SessionUplink {
  packetId: string;
  date: string;
  /** Shown as the packet or the previous packet of the alert. */
  packet: Packet;
}

/** Whether the move into a run (from the run before it) was alerted: 'none' while it is the address's first run. */
export type SessionMove = 'none' | 'pending' | 'raised';

/** Consecutive frames (in event time) of one device on the address. */
export interface SessionRun {
  devEui: string;
  /** Earliest and latest frame dates of the run, any direction. */
  from: string;
  to: string;
  /** The first frame of the run to arrive: the packet of the move's alert. Null only in upcast states. */
  first: SessionUplink | null;
  /** The run's latest uplink: the previous packet of the alert on the next move. */
  lastUplink: SessionUplink | null;
  move: SessionMove;
}

export interface SessionLinkState {
  version: typeof SESSION_LINK_VERSION;
  dataSourceId: number;
  devAddr: string;
  /** Oldest first; at most MAX_SESSION_RUNS. The last run's device is the one the address is linked to now. */
  runs: SessionRun[];
}

/** The state of the first release: the current link only. */
interface SessionLinkStateV1 {
  version: 1;
  dataSourceId: number;
  devAddr: string;
  devEui: string;
  linkedAt: string;
  lastUplink: SessionUplink | null;
}

export type StoredSessionLinkState = SessionLinkState | SessionLinkStateV1;

export function upcastSessionLink(stored: StoredSessionLinkState): SessionLinkState {
  if (stored.version === SESSION_LINK_VERSION) return stored;
  const to = stored.lastUplink && epochMs(stored.lastUplink.date) > epochMs(stored.linkedAt);
  return {
    version: SESSION_LINK_VERSION,
    dataSourceId: stored.dataSourceId,
    devAddr: stored.devAddr,
    runs: [
      {
        devEui: stored.devEui,
        from: stored.linkedAt,
        to: to && stored.lastUplink ? stored.lastUplink.date : stored.linkedAt,
        first: null,
        lastUplink: stored.lastUplink,
        move: 'raised',
      },
    ],
  };
}

export function detectSharedDevAddr(
  stored: StoredSessionLinkState | undefined,
  input: DetectorInput,
): DetectorStep<SessionLinkState | undefined> {
  const { packet } = input;
  const { devAddr, devEui } = packet;
  if (devAddr === null || devEui === null) return unchanged(stored && upcastSessionLink(stored));
  if (stored !== undefined && (stored.devAddr !== devAddr || stored.dataSourceId !== packet.dataSourceId)) {
    // A state handed in under the wrong key would mix two sessions' histories: a runner bug, not data.
    throw new Error(
      `session ${stored.dataSourceId}:${stored.devAddr} does not belong to packet ${packet.id}`,
    );
  }
  const frame: SessionUplink = { packetId: packet.id, date: packet.date, packet };
  if (stored === undefined) {
    const run = newRun(devEui, frame, packet, 'none');
    return unchanged({
      version: SESSION_LINK_VERSION,
      dataSourceId: packet.dataSourceId,
      devAddr,
      runs: [run],
    });
  }
  const state = upcastSessionLink(stored);
  const runs = placeFrame(state.runs, devEui, frame, packet);
  if (runs === state.runs) return unchanged(state);
  return unchanged({ ...state, runs: runs.slice(-MAX_SESSION_RUNS) });
}

/**
 * Raises the moves whose date the watermark (ISO 8601, event time) has passed: every frame of the previous device
 * dated before the move has then been detected, so its last uplink is known.
 */
export function settleSharedDevAddr(
  state: StoredSessionLinkState,
  watermark: string,
): DetectorStep<SessionLinkState> {
  const current = upcastSessionLink(state);
  const at = epochMs(watermark);
  const alerts: AlertDraft[] = [];
  const runs = current.runs.map((run, index) => {
    if (run.move !== 'pending' || epochMs(run.from) > at || index === 0) return run;
    alerts.push(moveAlert(current.runs[index - 1], run, current.devAddr));
    return { ...run, move: 'raised' as const };
  });
  if (alerts.length === 0) return unchanged(current);
  return { state: { ...current, runs }, alerts, cleared: [] };
}

/** Epoch ms of the earliest move waiting for the watermark, or null when none waits. */
export function pendingMoveDeadline(state: StoredSessionLinkState | undefined): number | null {
  if (state === undefined || state.version !== SESSION_LINK_VERSION) return null;
  const pending = state.runs.filter((run, index) => index > 0 && run.move === 'pending');
  return pending.length === 0 ? null : Math.min(...pending.map((run) => epochMs(run.from)));
}

/** The runs with the frame placed by its date; the same array when the frame changes nothing. */
function placeFrame(
  runs: readonly SessionRun[],
  devEui: string,
  frame: SessionUplink,
  packet: Packet,
): SessionRun[] {
  const date = epochMs(packet.date);
  let before = -1;
  for (let i = 0; i < runs.length; i++) if (epochMs(runs[i].from) <= date) before = i;
  const next = [...runs];
  const previous = before >= 0 ? runs[before] : undefined;
  if (previous?.devEui === devEui) {
    next[before] = extend(previous, frame, packet);
    return next;
  }
  // Dated inside another device's run: a copy that took the long way, not a move there and back.
  if (previous !== undefined && date < epochMs(previous.to)) return runs as SessionRun[];
  const following = runs[before + 1];
  if (following?.devEui === devEui) {
    next[before + 1] = extend(following, frame, packet);
    return next;
  }
  const run = newRun(devEui, frame, packet, before >= 0 ? 'pending' : 'none');
  next.splice(before + 1, 0, run);
  // The run that followed now has this device before it: its move, unless already raised, waits for the watermark.
  if (following !== undefined && following.move === 'none')
    next[before + 2] = { ...following, move: 'pending' };
  return next;
}

function newRun(devEui: string, frame: SessionUplink, packet: Packet, move: SessionMove): SessionRun {
  return {
    devEui,
    from: packet.date,
    to: packet.date,
    first: frame,
    lastUplink: packet.direction === 'up' ? frame : null,
    move,
  };
}

function extend(run: SessionRun, frame: SessionUplink, packet: Packet): SessionRun {
  const date = epochMs(packet.date);
  const laterUplink =
    packet.direction === 'up' && (run.lastUplink === null || date >= epochMs(run.lastUplink.date));
  return {
    ...run,
    from: date < epochMs(run.from) ? packet.date : run.from,
    to: date > epochMs(run.to) ? packet.date : run.to,
    lastUplink: laterUplink ? frame : run.lastUplink,
  };
}

function moveAlert(from: SessionRun, to: SessionRun, devAddr: string): AlertDraft {
  if (to.first === null)
    throw new Error(`session ${devAddr}: a run without its first frame cannot be alerted`);
  const prev = from.lastUplink;
  return draftAlert({
    code: 'LAF-002',
    packet: to.first.packet,
    devAddr,
    prevPacket: prev?.packet ?? null,
    parameters: {
      old_dev_eui: from.devEui,
      new_dev_eui: to.devEui,
      prev_packet_id: prev?.packetId ?? null,
    },
  });
}
