import type { AlertDraft } from '@lorawatch/domain/alert';
import type { AlertCode } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import { draftAlert, type AlertParameters } from '@lorawatch/detectors/alert-draft';
import { clearance, deviceAsset, type IssueClearance } from '@lorawatch/detectors/detector-step';
import { packetFromPhy } from '@lorawatch/detectors/testing/packet-factory';
import { buildDataUp, buildJoinRequest } from '@lorawatch/lorawan/build-frames';

/** Devices, packets and alerts for issue scenarios: real frames, with the DevEUI attributed like ChirpStack does. */
export interface TestDevice {
  devEui: string | null;
  devAddr: string;
}

const SESSION_KEYS = { nwkSKey: Buffer.alloc(16, 0x11), appSKey: Buffer.alloc(16, 0x22) };
const APP_KEY = Buffer.alloc(16, 0x33);

export function uplink(
  device: TestDevice,
  date: string,
  fCnt: number,
  overrides: Partial<Packet> = {},
): Packet {
  const phy = buildDataUp({
    ...SESSION_KEYS,
    devAddr: device.devAddr,
    fCnt,
    fPort: 1,
    payload: Buffer.from('ok'),
  });
  return packetFromPhy(phy, {
    date,
    devEui: device.devEui,
    devEuiInferred: device.devEui !== null,
    ...overrides,
  });
}

export function joinRequest(devEui: string, devNonce: number, date: string, overrides: Partial<Packet> = {}) {
  const phy = buildJoinRequest({ appKey: APP_KEY, joinEui: '70b3d57ed0000001', devEui, devNonce });
  return packetFromPhy(phy, { date, ...overrides });
}

export function alertOn(code: AlertCode, packet: Packet, parameters: AlertParameters = {}): AlertDraft {
  return draftAlert({ code, packet, parameters });
}

export function clearedOn(code: AlertCode, packet: Packet, reason: string): IssueClearance {
  return clearance({ code, packet, asset: deviceAsset(packet, null), reason });
}
