import type { Packet } from '@lorawatch/domain/packet';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { parseChirpstackV4Message } from '@lorawatch/ingest/chirpstack-v4/parse-chirpstack-v4-message';
import type { IngestOutcome, MessageParser } from '@lorawatch/ingest/ingest-outcome';
import { NetworkSimulator } from './network-simulator';
import type { SimMessage } from './sim-event';
import type { SimFormatName } from './wire-format';

const PARSERS: ReadonlyArray<[SimFormatName, MessageParser]> = [
  ['chirpstack-v3', parseChirpstackV3Message],
  ['chirpstack-v3-protobuf', parseChirpstackV3Message],
  ['chirpstack-v4-json', parseChirpstackV4Message],
  ['chirpstack-v4-protobuf', parseChirpstackV4Message],
];

/** Ten simulated minutes with both attacks, so every message kind and the attack traffic show up. */
function run(format: SimFormatName): SimMessage[] {
  const simulator = new NetworkSimulator({
    devices: 10,
    gateways: 4,
    seed: 7,
    attacks: ['join-replay', 'devnonce-repeat'],
    uplinkPeriodSeconds: 20,
    attackIntervalSeconds: 120,
    format,
  });
  const end = simulator.startTime.getTime() + 10 * 60_000;
  const messages: SimMessage[] = [];
  while (simulator.now.getTime() < end) messages.push(...simulator.next());
  return messages;
}

function parseAll(format: SimFormatName): IngestOutcome[] {
  const parse = PARSERS.find(([name]) => name === format)?.[1];
  if (parse === undefined) throw new Error(`no parser for ${format}`);
  return run(format).map((message) =>
    parse(message.topic, message.payload, {
      dataSourceId: 1,
      organizationId: 1,
      receivedAt: message.at.toISOString(),
    }),
  );
}

/** An outcome without what legitimately differs between marshalers: the packet id hashes the payload. */
function comparable(outcome: IngestOutcome, ...drop: Array<keyof Packet>): unknown {
  if (outcome.kind !== 'packets') return outcome;
  return outcome.packets.map((packet) =>
    Object.fromEntries(Object.entries(packet).filter(([key]) => !drop.includes(key as keyof Packet))),
  );
}

describe('the ChirpStack simulator formats', () => {
  const outcomes = new Map(PARSERS.map(([format]) => [format, parseAll(format)]));
  const outcomesOf = (format: SimFormatName): IngestOutcome[] => outcomes.get(format) ?? [];

  it.each(PARSERS.map(([format]) => format))(
    '%s parses back with its parser, nothing malformed',
    (format) => {
      const kinds = new Set<string>();
      for (const outcome of outcomesOf(format)) {
        expect(outcome.kind === 'malformed' || outcome.kind === 'ignored' ? outcome : 'ok').toBe('ok');
        if (outcome.kind === 'packets') for (const packet of outcome.packets) kinds.add(packet.mType);
        else if (outcome.kind === 'gateway') kinds.add(outcome.online === undefined ? 'stats' : 'conn');
      }
      expect([...kinds].sort()).toEqual([
        'ConfirmedDataUp',
        'JoinAccept',
        'JoinRequest',
        'UnconfirmedDataDown',
        'UnconfirmedDataUp',
        'conn',
        'stats',
      ]);
    },
  );

  it('publishes protobuf for the protobuf formats, JSON for the others, on each version’s topics', () => {
    const first = (format: SimFormatName) => run(format).find((message) => message.kind === 'uplink');
    expect(first('chirpstack-v3')?.payload[0]).toBe(0x7b);
    expect(first('chirpstack-v4-json')?.payload[0]).toBe(0x7b);
    // Field 1 (phy_payload), length-delimited.
    expect(first('chirpstack-v3-protobuf')?.payload[0]).toBe(0x0a);
    expect(first('chirpstack-v4-protobuf')?.payload[0]).toBe(0x0a);
    expect(first('chirpstack-v3-protobuf')?.topic).toMatch(/^gateway\/[0-9a-f]{16}\/event\/up$/);
    expect(first('chirpstack-v4-protobuf')?.topic).toMatch(/^eu868\/gateway\/[0-9a-f]{16}\/event\/up$/);
  });

  it.each<[SimFormatName, SimFormatName]>([
    ['chirpstack-v3', 'chirpstack-v3-protobuf'],
    ['chirpstack-v4-json', 'chirpstack-v4-protobuf'],
  ])('%s and %s give the same packets and gateway facts', (json, protobuf) => {
    const fromJson = outcomesOf(json).map((outcome) => comparable(outcome, 'id'));
    const fromProtobuf = outcomesOf(protobuf).map((outcome) => comparable(outcome, 'id'));
    expect(fromProtobuf).toHaveLength(fromJson.length);
    expect(fromProtobuf).toEqual(fromJson);
  });

  it('v3 and v4 describe the same network the same way, units normalised', () => {
    const v3 = outcomesOf('chirpstack-v3');
    const v4 = outcomesOf('chirpstack-v4-json');
    expect(v4).toHaveLength(v3.length);
    v3.forEach((outcome, index) => {
      // v4 leaves a zero SNR out (a proto3 default), v3 writes it: 0 dB reads as unknown in v4.
      const zeroSnr = (packet: Packet): Packet => (packet.lsnr === 0 ? { ...packet, lsnr: null } : packet);
      const v3Outcome =
        outcome.kind === 'packets' ? { ...outcome, packets: outcome.packets.map(zeroSnr) } : outcome;
      expect(comparable(v4[index], 'id', 'topic', 'source')).toEqual(
        comparable(v3Outcome, 'id', 'topic', 'source'),
      );
    });
    const v4Sources = v4.flatMap((outcome) => (outcome.kind === 'packets' ? outcome.packets : []));
    expect(new Set(v4Sources.map((packet) => packet.source))).toEqual(new Set(['chirpstack_v4_collector']));
  });
});
