/**
 * What happens on the simulated network, independent of any network server's wire format. A WireFormat
 * (see wire-format.ts) turns each event into the message that server would publish.
 */
export type AttackKind = 'join-replay' | 'devnonce-repeat';

export const ATTACK_KINDS: readonly AttackKind[] = ['join-replay', 'devnonce-repeat'];

export interface SimGateway {
  /** Lowercase big-endian hex. */
  eui: string;
  latitude: number;
  longitude: number;
  altitude: number;
  ip: string;
}

export interface LoRaTx {
  frequency: number;
  spreadingFactor: number;
  /** Hz. */
  bandwidth: number;
  codeRate: string;
}

export interface UplinkEvent {
  kind: 'uplink';
  /** When the gateway's message reaches the broker. */
  at: Date;
  /** The gateway's (GPS) time of reception. */
  gatewayTime: Date;
  gateway: SimGateway;
  phyPayload: Buffer;
  tx: LoRaTx;
  channel: number;
  rssi: number;
  snr: number;
  /** Concentrator counter, µs, wraps at 2^32. */
  tmst: number;
  uplinkId: Buffer;
  devEui: string;
  attack: AttackKind | null;
}

export interface DownlinkEvent {
  kind: 'downlink';
  at: Date;
  gateway: SimGateway;
  phyPayload: Buffer;
  tx: LoRaTx;
  /** dBm. */
  power: number;
  token: number;
  downlinkId: Buffer;
  devEui: string;
  attack: AttackKind | null;
}

export interface GatewayStatsEvent {
  kind: 'gateway-stats';
  at: Date;
  gateway: SimGateway;
  rxPacketsReceived: number;
  rxPacketsReceivedOK: number;
  txPacketsReceived: number;
  txPacketsEmitted: number;
  statsId: Buffer;
}

export interface GatewayConnectionEvent {
  kind: 'gateway-connection';
  at: Date;
  gateway: SimGateway;
  online: boolean;
}

export type SimEvent = UplinkEvent | DownlinkEvent | GatewayStatsEvent | GatewayConnectionEvent;

/** One message as a network server's gateway bridge would publish it, with the truth about it for tests. */
export interface SimMessage {
  topic: string;
  payload: Buffer;
  at: Date;
  /** Published retained (connection state). */
  retain: boolean;
  kind: SimEvent['kind'];
  /** The attack this message belongs to; null for honest traffic. */
  attack: AttackKind | null;
  devEui: string | null;
}
