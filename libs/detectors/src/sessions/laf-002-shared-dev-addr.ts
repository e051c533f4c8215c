import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert } from '../alert-draft';
import { unchanged, type DetectorInput, type DetectorStep } from '../detector-step';
import { epochMs } from '../time';

/**
 * LAF-002: a session (DevAddr within a data source) that was linked to one device shows up with another DevEUI
 * (docs/alert-catalogue.md LAF-002, §2.6 links). The session is relinked to the new device, so each move alerts once.
 * Networks reuse addresses after a device leaves, so the type is informational and off by default.
 *
 * The runner keys this state by data source + DevAddr and calls it for packets that carry both a DevAddr and a
 * DevEUI. A packet dated before the current link cannot move the session back: it is a late copy from a gateway
 * with a slow backhaul, not a third change.
 */
export const SESSION_LINK_VERSION = 1;

export interface SessionUplink {
  packetId: string;
  date: string;
  /** Shown as the previous packet of the alert. */
  packet: Packet;
}

export interface SessionLinkState {
  version: typeof SESSION_LINK_VERSION;
  dataSourceId: number;
  devAddr: string;
  /** The device the session is linked to. */
  devEui: string;
  /** Date of the packet that made the link. */
  linkedAt: string;
  /** The session's latest uplink, whichever device sent it. */
  lastUplink: SessionUplink | null;
}

export function detectSharedDevAddr(
  state: SessionLinkState | undefined,
  input: DetectorInput,
): DetectorStep<SessionLinkState | undefined> {
  const { packet } = input;
  const { devAddr, devEui } = packet;
  if (devAddr === null || devEui === null) return unchanged(state);
  if (state !== undefined && (state.devAddr !== devAddr || state.dataSourceId !== packet.dataSourceId)) {
    // A state handed in under the wrong key would mix two sessions' histories: a runner bug, not data.
    throw new Error(`session ${state.dataSourceId}:${state.devAddr} does not belong to packet ${packet.id}`);
  }
  const lastUplink = latestUplink(state?.lastUplink ?? null, packet);
  if (state === undefined) {
    const linked: SessionLinkState = {
      version: SESSION_LINK_VERSION,
      dataSourceId: packet.dataSourceId,
      devAddr,
      devEui,
      linkedAt: packet.date,
      lastUplink,
    };
    return { state: linked, alerts: [], cleared: [] };
  }
  if (state.devEui === devEui || epochMs(packet.date) < epochMs(state.linkedAt)) {
    return unchanged(lastUplink === state.lastUplink ? state : { ...state, lastUplink });
  }
  const alert = draftAlert({
    code: 'LAF-002',
    packet,
    devAddr,
    prevPacket: state.lastUplink?.packet ?? null,
    parameters: {
      old_dev_eui: state.devEui,
      new_dev_eui: devEui,
      prev_packet_id: state.lastUplink?.packetId ?? null,
    },
  });
  return { state: { ...state, devEui, linkedAt: packet.date, lastUplink }, alerts: [alert], cleared: [] };
}

function latestUplink(current: SessionUplink | null, packet: Packet): SessionUplink | null {
  if (packet.direction !== 'up') return current;
  if (current !== null && epochMs(packet.date) < epochMs(current.date)) return current;
  return { packetId: packet.id, date: packet.date, packet };
}
