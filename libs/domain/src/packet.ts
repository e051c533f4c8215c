/** The normalised radio frame every collector produces and every detector reads (payload of PacketReceived). */

export type DataSourceType =
  'chirpstack_collector' | 'chirpstack_v4_collector' | 'ttn_v3_collector' | 'ttn_collector';

export type MType =
  | 'JoinRequest'
  | 'JoinAccept'
  | 'UnconfirmedDataUp'
  | 'UnconfirmedDataDown'
  | 'ConfirmedDataUp'
  | 'ConfirmedDataDown'
  | 'RejoinRequest'
  | 'Proprietary';

export type Direction = 'up' | 'down';

export type PacketDateSource = 'gateway' | 'stream' | 'collector';

export interface Packet {
  /** Deterministic id: the same network message always gets the same id (used to de-duplicate re-deliveries). */
  id: string;
  organizationId: number;
  dataSourceId: number;
  source: DataSourceType;
  /**
   * Event time: when the network saw the frame, stamped once at ingestion (docs/architecture.md §9). The gateway's
   * time when the format has one and it is sane, else a time from the data source's own stream (`dateFrom`).
   * ISO 8601 UTC. Every detector, correlator and window reads this, never a clock.
   */
  date: string;
  /** The collector's clock when the message arrived (processing time). ISO 8601 UTC. */
  receivedAt: string;
  /**
   * Where `date` comes from: `gateway` (the reception time the gateway or network server reported), `stream` (a
   * message with no time of its own, such as a downlink command, dated by the latest event time of its gateway's
   * traffic plus the collector's time elapsed since), or `collector` (no time to go by: `receivedAt`). Absent in
   * packets logged before it was kept.
   */
  dateFrom?: PacketDateSource;
  /** MQTT topic or stream the packet came from. */
  topic: string | null;
  direction: Direction;
  /** The LoRaWAN PHYPayload, base64. */
  data: string;
  /** PHYPayload size in bytes. */
  size: number;
  mType: MType;
  major: number;
  /** Lowercase big-endian hex, as displayed by network servers. */
  gateway: string | null;
  devEui: string | null;
  joinEui: string | null;
  /** DevNonce as the integer read little-endian from the two wire bytes (ChirpStack convention). */
  devNonce: number | null;
  devAddr: string | null;
  /** 16-bit frame counter of data frames. */
  fCount: number | null;
  fPort: number | null;
  /** MIC, lowercase hex of the 4 wire bytes. */
  mic: string;
  /** True when devEui was not in the frame but attributed (application events, or a JoinAccept after a JoinRequest). */
  devEuiInferred: boolean;
  rssi: number | null;
  lsnr: number | null;
  /** Hz */
  frequency: number | null;
  spreadingFactor: number | null;
  /** Hz */
  bandwidth: number | null;
  codeRate: string | null;
  /** Concentrator counter (µs). */
  tmst: number | null;
  crcOk: boolean | null;
  latitude: number | null;
  longitude: number | null;
  altitude: number | null;
  /**
   * Names the network server gave the device, its application and the gateway, when the source says (ChirpStack
   * application events, TTS identifiers). Optional: packets logged before names were kept have none, and most
   * gateway frames carry none.
   */
  deviceName?: string | null;
  applicationName?: string | null;
  gatewayName?: string | null;
}

/** Key of a packet in the partitioned packet log: data source + device (DevEUI when known, else DevAddr, else gateway). */
export function packetKey(packet: Pick<Packet, 'dataSourceId' | 'devEui' | 'devAddr' | 'gateway'>): string {
  const device = packet.devEui ?? packet.devAddr ?? `gw:${packet.gateway ?? 'unknown'}`;
  return `${packet.dataSourceId}:${device}`;
}

export function isUplink(mType: MType): boolean {
  return (
    mType === 'JoinRequest' ||
    mType === 'UnconfirmedDataUp' ||
    mType === 'ConfirmedDataUp' ||
    mType === 'RejoinRequest'
  );
}
