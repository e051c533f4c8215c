import type { DataSourceType, Direction, Packet } from '@lorawatch/domain/packet';
import { decodePhyPayload } from '@lorawatch/lorawan/decode-phy-payload';
import { MalformedMessage } from './malformed-message';

/** Radio metadata a network server reports next to a frame; null where the source does not say. */
export type RadioMetadata = Pick<
  Packet,
  | 'rssi'
  | 'lsnr'
  | 'frequency'
  | 'spreadingFactor'
  | 'bandwidth'
  | 'codeRate'
  | 'tmst'
  | 'crcOk'
  | 'latitude'
  | 'longitude'
  | 'altitude'
>;

export const NO_RADIO_METADATA: RadioMetadata = {
  rssi: null,
  lsnr: null,
  frequency: null,
  spreadingFactor: null,
  bandwidth: null,
  codeRate: null,
  tmst: null,
  crcOk: null,
  latitude: null,
  longitude: null,
  altitude: null,
};

export interface FrameReception {
  id: string;
  organizationId: number;
  dataSourceId: number;
  source: DataSourceType;
  /** The reception time the message reports (gateway or network server), ISO 8601; null when it has none. */
  date: string | null;
  receivedAt: string;
  topic: string | null;
  direction: Direction;
  gateway: string | null;
  phyPayload: Buffer;
  radio: RadioMetadata;
}

/**
 * Builds the normalised packet. Every LoRaWAN field comes from the one shared PHYPayload decoder, never
 * from the network server's own decode (docs/wire-formats.md §8), so all sources agree on what a frame says.
 */
export function framePacket(reception: FrameReception): Packet {
  const decoded = decodePhyPayload(reception.phyPayload);
  if (!decoded.ok) throw new MalformedMessage(`PHYPayload does not decode: ${decoded.reason}`);
  const frame = decoded.frame;
  return {
    id: reception.id,
    organizationId: reception.organizationId,
    dataSourceId: reception.dataSourceId,
    source: reception.source,
    ...eventTime(reception.date, reception.receivedAt),
    receivedAt: reception.receivedAt,
    topic: reception.topic,
    direction: reception.direction,
    data: reception.phyPayload.toString('base64'),
    size: reception.phyPayload.length,
    mType: frame.mType,
    major: frame.major,
    gateway: reception.gateway,
    devEui: frame.devEui,
    joinEui: frame.joinEui,
    devNonce: frame.devNonce,
    devAddr: frame.devAddr,
    fCount: frame.fCount,
    fPort: frame.fPort,
    mic: frame.mic,
    devEuiInferred: false,
    ...reception.radio,
  };
}

/**
 * Gateway clocks are trusted within bounds: a frame cannot have been received minutes after the collector got it
 * (a clock running ahead, which would drag every watermark forward), nor before 2000 (a clock never set: 1970, the
 * GPS epoch). A time behind the collector's is kept however far behind: a backlog delivered hours late looks
 * exactly like that, and that is what event time is for.
 */
export const MAX_GATEWAY_CLOCK_LEAD_SECONDS = 300;
export const EARLIEST_GATEWAY_TIME = '2000-01-01T00:00:00.000Z';

/** A reported reception time when it is sane, else the collector's clock (the event clock may refine it). */
export function eventTime(reported: string | null, receivedAt: string): Pick<Packet, 'date' | 'dateFrom'> {
  if (reported !== null) {
    const at = Date.parse(reported);
    const received = Date.parse(receivedAt);
    const sane =
      !Number.isNaN(at) &&
      at >= Date.parse(EARLIEST_GATEWAY_TIME) &&
      (Number.isNaN(received) || at <= received + MAX_GATEWAY_CLOCK_LEAD_SECONDS * 1000);
    if (sane) return { date: reported, dateFrom: 'gateway' };
  }
  return { date: receivedAt, dateFrom: 'collector' };
}
