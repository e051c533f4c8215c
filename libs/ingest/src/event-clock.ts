import type { Packet } from '@lorawatch/domain/packet';
import type { MessageParser } from './ingest-outcome';

/** Caps the memory one data source can take; the least recently heard gateway goes first. */
const MAX_GATEWAYS = 100_000;

interface Head {
  /** Latest event time (ms) of a packet with a time of its own. */
  eventMs: number;
  /** The collector's clock (ms) when that packet arrived. */
  receivedMs: number;
}

/**
 * Dates the messages that carry no time of their own (docs/architecture.md §9). A downlink command is published by
 * the network server right after the uplink it answers, so it is dated on its gateway's timeline: the latest event
 * time of a frame that gateway reported, plus the time the collector's clock moved on since that frame arrived.
 * Paced, that is the wall clock read through the gateway's clock; in a backlog the collector's clock hardly moves,
 * and the message takes its place in the stream instead of the instant the backlog was read. A gateway with no
 * timeline yet borrows the data source's; with none at all the collector's clock stays.
 *
 * One instance per data source, first in the parser's chain (the correlator and the address book then compare
 * dates on one timeline). No clock of its own: a replay of the same messages dates them the same way.
 */
export class EventClock {
  private readonly byGateway = new Map<string, Head>();
  private dataSource: Head | null = null;

  observe(packet: Packet): Packet {
    const receivedMs = Date.parse(packet.receivedAt);
    if (Number.isNaN(receivedMs)) return packet;
    if (packet.dateFrom === 'gateway') {
      const eventMs = Date.parse(packet.date);
      if (Number.isNaN(eventMs)) return packet;
      const head = { eventMs, receivedMs };
      if (packet.gateway !== null) this.advance(packet.gateway, head);
      if (this.dataSource === null || eventMs >= this.dataSource.eventMs) this.dataSource = head;
      return packet;
    }
    if (packet.dateFrom !== 'collector') return packet;
    const date = this.streamTime(packet.receivedAt, packet.gateway);
    return date === null ? packet : { ...packet, date, dateFrom: 'stream' };
  }

  /**
   * The event time of a message without one that the collector received at `receivedAt`, on the timeline of
   * `gateway` (else of the data source); null before any dated frame.
   */
  streamTime(receivedAt: string, gateway: string | null = null): string | null {
    const receivedMs = Date.parse(receivedAt);
    const head = (gateway === null ? undefined : this.byGateway.get(gateway)) ?? this.dataSource;
    if (head === null || Number.isNaN(receivedMs)) return null;
    return new Date(head.eventMs + Math.max(0, receivedMs - head.receivedMs)).toISOString();
  }

  private advance(gateway: string, head: Head): void {
    const known = this.byGateway.get(gateway);
    if (known !== undefined && head.eventMs < known.eventMs) return;
    this.byGateway.delete(gateway);
    this.byGateway.set(gateway, head);
    if (this.byGateway.size > MAX_GATEWAYS) {
      const oldest = this.byGateway.keys().next();
      if (oldest.done !== true) this.byGateway.delete(oldest.value);
    }
  }
}

/** Wraps a collector's parser with its data source's event clock (first in the chain). */
export function withEventClock(parse: MessageParser, clock: EventClock): MessageParser {
  return (topic, payload, context) => {
    const outcome = parse(topic, payload, context);
    if (outcome.kind !== 'packets') return outcome;
    return { kind: 'packets', packets: outcome.packets.map((packet) => clock.observe(packet)) };
  };
}
