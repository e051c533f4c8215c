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
  date: string;
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
    date: reception.date,
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
