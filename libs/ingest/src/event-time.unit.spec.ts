import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { createChirpstackV3Parser } from './chirpstack-v3/chirpstack-v3-parser';
import { EventClock } from './event-clock';
import { eventTime, MAX_GATEWAY_CLOCK_LEAD_SECONDS } from './frame-packet';
import { testPacket } from './testing/packet-fixture';

const CONTEXT = { dataSourceId: 1, organizationId: 1 };
const RECEIVED = '2024-05-01T12:00:00.000Z';

describe('event time at ingestion', () => {
  it("keeps a gateway's reception time, however late it arrives, and refuses one ahead of the collector or unset", () => {
    expect(eventTime('2024-05-01T06:00:00.000Z', RECEIVED)).toEqual({
      date: '2024-05-01T06:00:00.000Z',
      dateFrom: 'gateway',
    });
    const ahead = new Date(Date.parse(RECEIVED) + (MAX_GATEWAY_CLOCK_LEAD_SECONDS + 1) * 1000).toISOString();
    expect(eventTime(ahead, RECEIVED)).toEqual({ date: RECEIVED, dateFrom: 'collector' });
    expect(eventTime('1970-01-01T00:00:05.000Z', RECEIVED)).toEqual({
      date: RECEIVED,
      dateFrom: 'collector',
    });
    expect(eventTime(null, RECEIVED)).toEqual({ date: RECEIVED, dateFrom: 'collector' });
  });

  it("dates a message without a time on its gateway's timeline, else the data source's, else the collector's", () => {
    const clock = new EventClock();
    const downlink = (gateway: string, receivedAt: string): Packet =>
      testPacket({ direction: 'down', gateway, date: receivedAt, receivedAt, dateFrom: 'collector' });
    expect(clock.observe(downlink('aa00000000000001', RECEIVED))).toMatchObject({
      date: RECEIVED,
      dateFrom: 'collector',
    });
    clock.observe(
      testPacket({
        gateway: 'aa00000000000001',
        date: '2024-05-01T06:00:00.000Z',
        receivedAt: RECEIVED,
        dateFrom: 'gateway',
      }),
    );
    clock.observe(
      testPacket({
        gateway: 'aa00000000000002',
        date: '2024-05-01T06:00:30.000Z',
        receivedAt: RECEIVED,
        dateFrom: 'gateway',
      }),
    );
    // Read 2 s after the uplink on the collector's clock: 2 s after it on the gateway's.
    expect(clock.observe(downlink('aa00000000000001', '2024-05-01T12:00:02.000Z'))).toMatchObject({
      date: '2024-05-01T06:00:02.000Z',
      dateFrom: 'stream',
    });
    expect(clock.observe(downlink('aa00000000000009', RECEIVED)).date).toBe('2024-05-01T06:00:30.000Z');
  });

  describe('a downlink replayed 12 s after the original', () => {
    const messages = trafficWithReplayedDownlink();
    const policy = new PolicyView([]);

    const laf005 = (packets: Packet[]) =>
      runDetection(packets, policy).alerts.filter((alert) => alert.code === 'LAF-005');

    it('raises LAF-005 when the traffic is read as it is published', () => {
      const parse = createChirpstackV3Parser();
      const packets = messages.flatMap((message) => packetsOf(parse, message, message.at.toISOString()));
      const alerts = laf005(packets);
      expect(alerts).toHaveLength(1);
      expect(alerts[0].parameters.delay).toBeGreaterThan(10);
    });

    it('raises the same LAF-005 when the traffic is read as one backlog, all at the same instant', () => {
      const parse = createChirpstackV3Parser();
      const readAt = '2024-01-01T09:00:00.000Z';
      const packets = messages.flatMap((message) => packetsOf(parse, message, readAt));
      expect(new Set(packets.map((packet) => packet.receivedAt))).toEqual(new Set([readAt]));
      const alerts = laf005(packets);
      expect(alerts).toHaveLength(1);
      expect(alerts[0].parameters.delay).toBeGreaterThan(10);
    });
  });
});

interface Message {
  topic: string;
  payload: Buffer;
  at: Date;
  kind?: string;
}

function packetsOf(parse: ReturnType<typeof createChirpstackV3Parser>, message: Message, receivedAt: string) {
  const outcome = parse(message.topic, message.payload, { ...CONTEXT, receivedAt });
  return outcome.kind === 'packets' ? outcome.packets : [];
}

/**
 * A healthy simulated network (real frames, about one uplink a second), in which the first data downlink is
 * published again 12 s later, unchanged, on the same gateway topic.
 */
function trafficWithReplayedDownlink(): Message[] {
  const simulator = new NetworkSimulator({ devices: 40, gateways: 2, seed: 11, uplinkPeriodSeconds: 40 });
  const messages: Message[] = [];
  while (messages.length < 3000) {
    for (const message of simulator.next()) if (!message.retain) messages.push(message);
  }
  const parse = createChirpstackV3Parser();
  const original = messages.find(
    (message) =>
      message.kind === 'downlink' &&
      packetsOf(parse, message, message.at.toISOString()).some((packet) => packet.mType.endsWith('DataDown')),
  );
  if (original === undefined) throw new Error('the simulated network sent no data downlink');
  const at = new Date(original.at.getTime() + 12_000);
  const index = messages.findIndex((message) => message.at >= at);
  // Published anew (its own token and id, as the network server would give it), the frame unchanged.
  const body = JSON.parse(original.payload.toString()) as Record<string, unknown>;
  const republished = { ...body, token: Number(body.token ?? 0) + 1, downlinkID: 'AAAAAAAAAAAAAAAAAAAAAA==' };
  const replay: Message = { topic: original.topic, payload: Buffer.from(JSON.stringify(republished)), at };
  return [...messages.slice(0, index), replay, ...messages.slice(index)];
}
