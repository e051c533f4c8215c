import type { Packet } from '@lorawatch/domain/packet';

/** What a collector knows when it hands one network message to a parser. */
export interface IngestContext {
  dataSourceId: number;
  organizationId: number;
  /** The collector's clock when the message arrived, ISO 8601 UTC. */
  receivedAt: string;
}

export interface GatewayLocation {
  latitude: number;
  longitude: number;
  altitude: number;
}

/**
 * The result of parsing one network message. Parsers never throw: bad input is a value (`malformed`)
 * so the collector can count it, report it and acknowledge it instead of crashing or redelivering forever.
 */
export type IngestOutcome =
  | { kind: 'packets'; packets: Packet[] }
  | { kind: 'gateway'; gateway: string; location?: GatewayLocation; online?: boolean }
  /** An application event's DevAddr → DevEUI binding (no frame: application events carry no PHYPayload). */
  | {
      kind: 'device';
      devEui: string;
      devAddr: string;
      deviceName?: string;
      applicationName?: string;
      /** Gateways that heard the event and the names the network server gives them (ChirpStack v3 rxInfo). */
      gatewayNames?: Array<{ gateway: string; name: string }>;
    }
  | { kind: 'ignored'; reason: string }
  | { kind: 'malformed'; reason: string };

export type MessageParser = (topic: string, payload: Buffer, context: IngestContext) => IngestOutcome;
