import { createHash } from 'node:crypto';
import type { Packet } from '@lorawatch/domain/packet';
import { decodePhyPayload } from '@lorawatch/lorawan/decode-phy-payload';

/**
 * Builds the normalised Packet a collector would produce for a PHYPayload, for tests anywhere in the repo. The
 * LoRaWAN fields come from the real decoder; radio and routing fields get neutral defaults unless overridden.
 * Without an explicit id, the id is derived from gateway, date and bytes, so the same inputs give the same id.
 */
export const DEFAULT_TEST_GATEWAY = '7276ff002e062c18';
export const DEFAULT_TEST_DATE = '2024-03-01T12:00:00.000Z';

export function packetFromPhy(phy: Buffer, overrides: Partial<Packet> = {}): Packet {
  const decoded = decodePhyPayload(phy);
  if (!decoded.ok) throw new Error(`test frame does not decode: ${decoded.reason}`);
  const frame = decoded.frame;
  const gateway = overrides.gateway === undefined ? DEFAULT_TEST_GATEWAY : overrides.gateway;
  const date = overrides.date ?? DEFAULT_TEST_DATE;
  const data = phy.toString('base64');
  const base: Packet = {
    id: `pkt-${createHash('sha256').update(`${gateway}|${date}|${data}`).digest('hex').slice(0, 16)}`,
    organizationId: 1,
    dataSourceId: 1,
    source: 'chirpstack_v4_collector',
    date,
    receivedAt: date,
    topic: null,
    direction: frame.direction ?? 'up',
    data,
    size: frame.size,
    mType: frame.mType,
    major: frame.major,
    gateway,
    devEui: frame.devEui,
    joinEui: frame.joinEui,
    devNonce: frame.devNonce,
    devAddr: frame.devAddr,
    fCount: frame.fCount,
    fPort: frame.fPort,
    mic: frame.mic,
    devEuiInferred: false,
    rssi: -80,
    lsnr: 7.5,
    frequency: 868100000,
    spreadingFactor: 7,
    bandwidth: 125000,
    codeRate: '4/5',
    tmst: null,
    crcOk: true,
    latitude: null,
    longitude: null,
    altitude: null,
  };
  return { ...base, ...overrides };
}

/** A join accept as the ingest correlator hands it on: attributed to the device whose join request it answers. */
export function attributedJoinAccept(phy: Buffer, devEui: string, overrides: Partial<Packet> = {}): Packet {
  return packetFromPhy(phy, { devEui, devEuiInferred: true, ...overrides });
}

/** ISO date `seconds` after `start`, for readable timelines in tests. */
export function secondsAfter(start: string, seconds: number): string {
  return new Date(Date.parse(start) + seconds * 1000).toISOString();
}
