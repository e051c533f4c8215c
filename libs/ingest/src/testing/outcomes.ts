import type { Packet } from '@lorawatch/domain/packet';
import type { IngestContext, IngestOutcome } from '../ingest-outcome';

export const TEST_CONTEXT: IngestContext = {
  dataSourceId: 7,
  organizationId: 3,
  receivedAt: '2024-05-01T12:00:00.000Z',
};

/** Narrows an outcome in a test, failing with the outcome itself so the reason is visible. */
export function packetsOf(outcome: IngestOutcome): Packet[] {
  if (outcome.kind !== 'packets') throw new Error(`expected packets, got ${JSON.stringify(outcome)}`);
  return outcome.packets;
}

export function onlyPacket(outcome: IngestOutcome): Packet {
  const packets = packetsOf(outcome);
  if (packets.length !== 1) throw new Error(`expected one packet, got ${packets.length}`);
  return packets[0];
}

export function malformedReason(outcome: IngestOutcome): string {
  if (outcome.kind !== 'malformed') throw new Error(`expected malformed, got ${JSON.stringify(outcome)}`);
  return outcome.reason;
}

/** A `mosquitto_sub -v` capture: one `topic <space> payload` per line. */
export function captureLines(text: string): Array<{ topic: string; payload: Buffer }> {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const space = line.indexOf(' ');
      return { topic: line.slice(0, space), payload: Buffer.from(line.slice(space + 1), 'utf8') };
    });
}
