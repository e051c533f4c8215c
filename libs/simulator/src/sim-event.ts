/**
 * What happens on the simulated network, independent of any network server's wire format. A WireFormat
 * (see wire-format.ts) turns each event into the message that server would publish.
 */
import type { AttackKind } from './attack-kinds';

export { ATTACK_KINDS, type AttackKind } from './attack-kinds';

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
  /** Set while an attack is what the stats report (a gateway reporting a position it was moved to). */
  attack?: AttackKind;
}

export interface GatewayConnectionEvent {
  kind: 'gateway-connection';
  at: Date;
  gateway: SimGateway;
  online: boolean;
}

/** One gateway's view of an uplink, as the network server lists it in an application event. */
export interface ApplicationReception {
  gateway: SimGateway;
  rssi: number;
  snr: number;
}

/**
 * What the network server tells applications about a device it accepted: a join (`join`) or a data uplink
 * (`up`), naming both the DevEUI and the DevAddr. Only ChirpStack publishes these next to gateway traffic;
 * collectors learn from them which device a data frame belongs to.
 */
export interface ApplicationEvent {
  kind: 'application';
  type: 'up' | 'join';
  at: Date;
  devEui: string;
  /** Lowercase big-endian hex. */
  devAddr: string;
  /** Up only: the full 32-bit counter, the port and the decrypted payload. */
  fCnt: number | null;
  fPort: number | null;
  data: Buffer | null;
  tx: LoRaTx;
  receptions: ApplicationReception[];
  deduplicationId: Buffer;
  attack: AttackKind | null;
}

/** The events a gateway bridge publishes (everything but application events). */
export type GatewaySimEvent = UplinkEvent | DownlinkEvent | GatewayStatsEvent | GatewayConnectionEvent;

export type SimEvent = GatewaySimEvent | ApplicationEvent;

/** One message as a network server's gateway bridge would publish it, with the truth about it for tests. */
export interface SimMessage {
  topic: string;
  payload: Buffer;
  at: Date;
  /** Published retained (connection state). */
  retain: boolean;
  kind: SimEvent['kind'];
  /** The attack this message belongs to (or the anomaly it shows); null for honest traffic. */
  attack: AttackKind | null;
  devEui: string | null;
}
