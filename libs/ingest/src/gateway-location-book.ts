import type { Packet } from '@lorawatch/domain/packet';
import type { GatewayLocation, MessageParser } from './ingest-outcome';

/**
 * The last position each gateway of a data source reported. Many gateway bridges put the GPS position in the
 * gateway's periodic stats only, not in every uplink; the detectors (LAF-010) and the network map read it from the
 * packets, so packets without a position of their own get the last one their gateway reported.
 */
export class GatewayLocationBook {
  private readonly locations = new Map<string, GatewayLocation>();

  /** More gateways than this in one data source is unheard of; the oldest entry goes first. */
  static readonly MAX_GATEWAYS = 100_000;

  learn(gateway: string, location: GatewayLocation): void {
    this.locations.delete(gateway);
    this.locations.set(gateway, location);
    if (this.locations.size > GatewayLocationBook.MAX_GATEWAYS) {
      const oldest = this.locations.keys().next().value;
      if (oldest !== undefined) this.locations.delete(oldest);
    }
  }

  observe(packet: Packet): Packet {
    if (packet.gateway === null) return packet;
    if (packet.latitude !== null && packet.longitude !== null) {
      this.learn(packet.gateway, {
        latitude: packet.latitude,
        longitude: packet.longitude,
        altitude: packet.altitude ?? 0,
      });
      return packet;
    }
    const known = this.locations.get(packet.gateway);
    if (known === undefined) return packet;
    return { ...packet, latitude: known.latitude, longitude: known.longitude, altitude: known.altitude };
  }
}

/** Wraps a collector's parser: gateway stats teach the book, packets come out with their gateway's position. */
export function withGatewayLocations(parse: MessageParser, book = new GatewayLocationBook()): MessageParser {
  return (topic, payload, context) => {
    const outcome = parse(topic, payload, context);
    if (outcome.kind === 'gateway') {
      if (outcome.location !== undefined) book.learn(outcome.gateway, outcome.location);
      return outcome;
    }
    if (outcome.kind !== 'packets') return outcome;
    return { kind: 'packets', packets: outcome.packets.map((packet) => book.observe(packet)) };
  };
}
