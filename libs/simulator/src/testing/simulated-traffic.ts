import { decodePhyPayload, type DecodedFrame } from '@lorawatch/lorawan/decode-phy-payload';
import { decryptJoinAccept, deriveSessionKeys, type SessionKeys } from '@lorawatch/lorawan/join';
import { NetworkSimulator, type NetworkSimulatorOptions } from '../network-simulator';
import type { SimMessage } from '../sim-event';

/** One radio frame as a ChirpStack v3 gateway topic carried it, decoded, with the simulator's truth. */
export interface SimFrame {
  message: SimMessage;
  at: number;
  gateway: string;
  direction: 'up' | 'down';
  phy: Buffer;
  frame: DecodedFrame;
  rssi: number | null;
  snr: number | null;
}

export interface SimRun {
  simulator: NetworkSimulator;
  messages: SimMessage[];
  frames: SimFrame[];
}

/** Runs a simulation (ChirpStack v3 JSON) for a stretch of simulated time and decodes every frame. */
export function runSimulation(options: NetworkSimulatorOptions, minutes: number): SimRun {
  const simulator = new NetworkSimulator({ ...options, format: 'chirpstack-v3' });
  const end = simulator.startTime.getTime() + minutes * 60_000;
  const messages: SimMessage[] = [];
  while (simulator.now.getTime() < end) messages.push(...simulator.next());
  return { simulator, messages, frames: messages.flatMap((message) => frameOf(message) ?? []) };
}

export function frameOf(message: SimMessage): SimFrame | null {
  if (message.kind !== 'uplink' && message.kind !== 'downlink') return null;
  const body = JSON.parse(message.payload.toString('utf8')) as {
    phyPayload: string;
    rxInfo?: { rssi: number; loRaSNR: number };
    items?: Array<{ phyPayload: string }>;
  };
  const base64 = message.kind === 'uplink' ? body.phyPayload : body.items?.[0]?.phyPayload;
  const phy = Buffer.from(base64 ?? '', 'base64');
  const decoded = decodePhyPayload(phy);
  if (!decoded.ok) throw new Error(`undecodable frame on ${message.topic}: ${decoded.reason}`);
  return {
    message,
    at: message.at.getTime(),
    gateway: message.topic.split('/')[1],
    direction: message.kind === 'uplink' ? 'up' : 'down',
    phy,
    frame: decoded.frame,
    rssi: body.rxInfo?.rssi ?? null,
    snr: body.rxInfo?.loRaSNR ?? null,
  };
}

export const isDataUp = (frame: SimFrame): boolean =>
  frame.frame.mType === 'UnconfirmedDataUp' || frame.frame.mType === 'ConfirmedDataUp';

export const isDataDown = (frame: SimFrame): boolean =>
  frame.frame.mType === 'UnconfirmedDataDown' || frame.frame.mType === 'ConfirmedDataDown';

/** The gateway position a ChirpStack v3 stats message reports. */
export function statsLocation(message: SimMessage): { gateway: string; latitude: number; longitude: number } {
  const body = JSON.parse(message.payload.toString('utf8')) as {
    location: { latitude: number; longitude: number };
  };
  return { gateway: message.topic.split('/')[1], ...body.location };
}

/**
 * The session keys a device had at `at`: from its last answered join before then, recomputed from the join
 * request and the join accept with the device's AppKey, as its network server did.
 */
export function sessionAt(
  frames: readonly SimFrame[],
  devEui: string,
  appKey: Buffer,
  at: number,
): (SessionKeys & { devAddr: string }) | null {
  const own = frames.filter((frame) => frame.message.devEui === devEui && frame.at <= at);
  const accept = own.filter((frame) => frame.frame.mType === 'JoinAccept').at(-1);
  if (accept === undefined) return null;
  const request = own.filter((frame) => frame.frame.mType === 'JoinRequest' && frame.at < accept.at).at(-1);
  if (request?.frame.devNonce == null) return null;
  const decrypted = decryptJoinAccept(appKey, accept.phy);
  if (!decrypted.micValid) return null;
  const keys = deriveSessionKeys(appKey, decrypted.joinNonce, decrypted.netId, request.frame.devNonce);
  return { ...keys, devAddr: decrypted.devAddr };
}

export function haversineMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
