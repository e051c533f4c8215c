import type { Packet } from '@lorawatch/domain/packet';
import { readFixtureJson } from '@lorawatch/lorawan/testing/fixtures';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { ttnV3GatewayId } from '@lorawatch/simulator/ttn-v3-events';
import { startTtnV3Peer, type TtnV3Peer } from '@lorawatch/simulator/ttn-v3-peer';
import { RecordingSink, waitFor } from '../testing/recording-sink';
import { gsUpReceive2024Packet } from '../testing/ttn-v3-expected';
import { TtnV3Collector, type TtnV3CollectorOptions } from './ttn-v3-collector';
import { createTtnV3Parser } from './ttn-v3-parser';

type Json = Record<string, unknown>;

const KEY = 'NNSXS.COLLECTORTEST.SECRET';
const GOUDA = 'technolution-gouda';
const TEKTELIC = 'tektelic-adrian-ci392';
const UP_2024 = readFixtureJson<{ result: Json }>('ttn-v3/events-stream-gs-up-receive-2024.json').result;
const [STATUS_2020, UP_2020_A, UP_2020_B, DOWN_2020] = readFixtureJson<Json[]>(
  'ttn-v3/console-gateway-events-2020.json',
);

class LoginRecordingSink extends RecordingSink {
  readonly loginFailures: string[] = [];

  onLoginFailed(message: string): void {
    this.loginFailures.push(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TtnV3Collector against the local TTN v3 peer over HTTP', () => {
  let peer: TtnV3Peer;
  const collectors: TtnV3Collector[] = [];
  const apiKeys = { [KEY]: [GOUDA, TEKTELIC] };

  beforeEach(async () => {
    peer = await startTtnV3Peer({ apiKeys });
  });

  afterEach(async () => {
    await Promise.all(collectors.splice(0).map((collector) => collector.stop()));
    await peer.close();
  });

  function startCollector(
    sink: RecordingSink,
    overrides: Partial<TtnV3CollectorOptions> = {},
  ): TtnV3Collector {
    const collector = new TtnV3Collector(
      {
        dataSourceId: 12,
        organizationId: 4,
        baseUrl: peer.url,
        gatewayIds: [GOUDA, TEKTELIC],
        apiKey: KEY,
        parse: createTtnV3Parser(),
        reconnectPeriodMs: 50,
        maxReconnectPeriodMs: 200,
        now: () => new Date('2024-05-01T12:00:00.000Z'),
        ...overrides,
      },
      sink,
    );
    collectors.push(collector);
    collector.start();
    return collector;
  }

  async function connected(sink: RecordingSink, streams = 1): Promise<void> {
    await waitFor(() => sink.statusNames().at(-1) === 'CONNECTED', 'CONNECTED');
    await waitFor(() => peer.streamCount() === streams, 'the stream at the peer');
  }

  it('turns streamed events into packets and gateway updates, in order, with every field', async () => {
    const sink = new RecordingSink();
    const collector = startCollector(sink);
    await connected(sink);

    for (const event of [UP_2024, STATUS_2020, UP_2020_A, UP_2020_B, DOWN_2020]) peer.publish(event);
    peer.publish({ ...UP_2024, unique_id: 'x', data: { message: { raw_payload: 'AAEC' } } });
    await waitFor(() => collector.counters().received === 7, 'the stream start and six events');

    expect(sink.packets.map((packet) => [packet.topic, packet.fCount])).toEqual([
      ['gs.up.receive', 10430],
      ['gs.up.receive', 8352],
      ['gs.up.receive', 8353],
      ['gs.down.send', 1394],
    ]);
    expect(sink.packets[0]).toEqual(
      gsUpReceive2024Packet({ organizationId: 4, dataSourceId: 12, receivedAt: '2024-05-01T12:00:00.000Z' }),
    );
    expect(sink.gateways).toEqual([{ gateway: '647fdafffe0078b8' }]);
    expect(sink.malformed).toEqual([
      { reason: expect.stringMatching(/PHYPayload does not decode/), topic: 'gs.up.receive' },
    ]);
    expect(collector.counters()).toEqual({
      received: 7,
      packets: 4,
      malformed: 1,
      lastMessageAt: '2024-05-01T12:00:00.000Z',
    });
  });

  it('holds reading while the sink works: one delivery at a time, in the order of the stream', async () => {
    const simulator = new NetworkSimulator({ devices: 8, gateways: 3, seed: 3, format: 'ttn-v3' });
    await peer.close();
    peer = await startTtnV3Peer({ apiKeys: { [KEY]: simulator.gatewayList().map(ttnV3GatewayId) } });
    const sink = new RecordingSink();
    let active = 0;
    let maxActive = 0;
    sink.deliver = async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await sleep(1);
      active -= 1;
    };
    startCollector(sink, { gatewayIds: simulator.gatewayList().map(ttnV3GatewayId) });
    await connected(sink);

    const published: string[] = [];
    while (published.length < 300) {
      for (const message of simulator.next()) {
        if (message.kind !== 'uplink' && message.kind !== 'downlink') continue;
        peer.publish(JSON.parse(message.payload.toString('utf8')) as Json);
        published.push(message.payload.toString('utf8'));
      }
    }
    await waitFor(() => sink.packets.length === published.length, 'every frame', 20_000);
    const sent = published.map((text) => (JSON.parse(text) as { data: Json }).data);
    const rawOf = (data: Json) =>
      ((data.message as Json | undefined)?.raw_payload ?? data.raw_payload) as string;
    expect(sink.packets.map((packet: Packet) => packet.data)).toEqual(sent.map(rawOf));
    expect(maxActive).toBe(1);
  });

  it('parses events split at any byte, a multi-byte character included', async () => {
    const sink = new RecordingSink();
    const collector = startCollector(sink);
    await connected(sink);
    const line = Buffer.from(
      `${JSON.stringify({ result: { ...UP_2024, origin: 'gateway-server-é€' } })}\n\n`,
    );
    const cuts = [1, 2, 9, 40, line.indexOf(Buffer.from('é')) + 1, line.length - 3, line.length - 1];
    let start = 0;
    for (const cut of cuts) {
      peer.writeRaw(line.subarray(start, cut));
      start = cut;
      await sleep(15);
    }
    peer.writeRaw(line.subarray(start));
    await waitFor(() => sink.packets.length === 1, 'the split event');
    expect(sink.packets[0].fCount).toBe(10430);
    expect(collector.counters().malformed).toBe(0);
  });

  it('counts garbage and over-long lines as malformed and carries on', async () => {
    const sink = new RecordingSink();
    const collector = startCollector(sink, { maxEventBytes: 4096 });
    await connected(sink);
    peer.writeRaw('not json\n{"result": 42}\n[]\n');
    peer.writeRaw(`{"result": {"name": "gs.up.receive", "pad": "${'x'.repeat(10_000)}"}}\n`);
    peer.publish(UP_2024);
    await waitFor(() => sink.packets.length === 1, 'the valid event after the garbage');
    expect(sink.malformed.map((entry) => entry.reason)).toEqual([
      expect.stringMatching(/^invalid JSON/),
      'result must be an object',
      'the event must be an object',
      expect.stringMatching(/^event of 100\d\d bytes is over the 4096 byte limit$/),
    ]);
    expect(collector.counters().malformed).toBe(4);
  });

  it('reports a wrong key as a login failure, once, however many retries follow', async () => {
    const sink = new LoginRecordingSink();
    startCollector(sink, { apiKey: 'NNSXS.WRONG.KEY', maxReconnectPeriodMs: 50 });
    await waitFor(() => sink.statuses.length > 0, 'a status');
    await sleep(300);
    expect(sink.statuses).toEqual([
      {
        status: 'DISCONNECTED',
        error: expect.stringMatching(/^login failed: HTTP 401 Unauthorized: .*unauthenticated/),
      },
    ]);
    expect(sink.loginFailures).toEqual([sink.statuses[0].error]);
  });

  it('reports a gateway outside the key rights (403) as a login failure too', async () => {
    const sink = new LoginRecordingSink();
    startCollector(sink, { gatewayIds: [GOUDA, 'someone-elses-gateway'] });
    await waitFor(() => sink.loginFailures.length === 1, 'the login failure');
    expect(sink.loginFailures[0]).toMatch(/^login failed: HTTP 403 Forbidden: .*someone-elses-gateway/);
    expect(sink.statusNames()).toEqual(['DISCONNECTED']);
  });

  it('treats a stream error for a revoked key as a login failure, and reconnects', async () => {
    const sink = new LoginRecordingSink();
    startCollector(sink);
    await connected(sink);
    peer.endStreams({ code: 16, message: 'error:pkg/auth:token_expired (token expired)' });
    await waitFor(() => sink.loginFailures.length === 1, 'the login failure');
    expect(sink.loginFailures[0]).toBe(
      'login failed: stream error: error:pkg/auth:token_expired (token expired) (code 16)',
    );
    await waitFor(() => sink.statusNames().length === 3, 'CONNECTED again');
    expect(sink.statusNames()).toEqual(['CONNECTED', 'DISCONNECTED', 'CONNECTED']);
  });

  it('reconnects after the peer restarts on the same port, and gets back to CONNECTED', async () => {
    const sink = new RecordingSink();
    startCollector(sink);
    await connected(sink);
    const port = peer.port;
    await peer.close();
    await waitFor(() => sink.statusNames().at(-1) === 'DISCONNECTED', 'DISCONNECTED');
    await sleep(150);
    peer = await startTtnV3Peer({ port, apiKeys });
    await connected(sink);
    expect(sink.statusNames()).toEqual(['CONNECTED', 'DISCONNECTED', 'CONNECTED']);
    expect(sink.statuses[1].error).toMatch(/events stream failed|ended the events stream/);
    peer.publish(UP_2024);
    await waitFor(() => sink.packets.length === 1, 'a packet on the new connection');
  });

  it('asks for the events it missed when the stream ends, so the server fills the gap from its history', async () => {
    const sink = new RecordingSink();
    startCollector(sink, { reconnectPeriodMs: 300, maxReconnectPeriodMs: 300 });
    await connected(sink);
    peer.publish(UP_2024);
    await waitFor(() => sink.packets.length === 1, 'the first event');
    peer.endStreams();
    await waitFor(() => peer.streamCount() === 0, 'the stream closed');
    // Published while the collector waits to reconnect: only `after` brings it back.
    await sleep(5);
    peer.publish({ ...UP_2024, unique_id: 'missed', time: new Date().toISOString() });
    await waitFor(() => sink.packets.length === 2, 'the missed event', 5000);
    expect(new Set(sink.packets.map((packet) => packet.id)).size).toBe(2);
  });

  it('drops the connection when the sink fails, and gets the event again after reconnecting', async () => {
    const sink = new RecordingSink();
    let failures = 1;
    sink.deliver = async () => {
      if (failures-- > 0) throw new Error('packet log unavailable');
    };
    startCollector(sink);
    await connected(sink);
    // Stamped after the stream started, as a server's events are: the reconnection asks for it again.
    await sleep(5);
    peer.publish({ ...UP_2024, time: new Date().toISOString() });
    await waitFor(() => sink.packets.length === 1, 'the event delivered on the second try');
    expect(sink.statuses[1]).toEqual({
      status: 'DISCONNECTED',
      error: 'sink failed: packet log unavailable',
    });
  });

  it('reconnects a silent stream after the idle timeout', async () => {
    const sink = new RecordingSink();
    startCollector(sink, { idleTimeoutMs: 150 });
    await connected(sink);
    await waitFor(() => sink.statusNames().length >= 3, 'a reconnection');
    expect(sink.statuses[1]).toEqual({
      status: 'DISCONNECTED',
      error: 'events stream failed: no data for 150 ms',
    });
  });

  it('stops cleanly: the stream closes, DISCONNECTED is reported, nothing is delivered after', async () => {
    const sink = new RecordingSink();
    let release: () => void = () => undefined;
    sink.deliver = () => new Promise<void>((resolve) => (release = resolve));
    const collector = startCollector(sink);
    await connected(sink);
    peer.publish(UP_2024);
    await waitFor(() => collector.counters().received === 2, 'the event in the sink');
    const stopping = collector.stop();
    release();
    await stopping;
    await collector.stop();
    await waitFor(() => peer.streamCount() === 0, 'the stream closed at the peer');
    expect(sink.statusNames()).toEqual(['CONNECTED', 'DISCONNECTED']);
    expect(sink.statuses[1].error).toBeUndefined();
    peer.publish({ ...UP_2024, unique_id: 'later' });
    await sleep(100);
    expect(sink.packets).toHaveLength(1);
    expect(() => collector.start()).toThrow(/stopped/);
  });

  it('stops while waiting to reconnect, at once', async () => {
    const sink = new RecordingSink();
    const collector = startCollector(sink, {
      baseUrl: `http://127.0.0.1:${peer.port}`,
      apiKey: 'NNSXS.WRONG',
      maxReconnectPeriodMs: 60_000,
    });
    await waitFor(() => sink.statuses.length === 1, 'the first failure');
    const started = Date.now();
    await collector.stop();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('refuses settings it cannot use at construction', () => {
    const sink = new RecordingSink();
    const base = { dataSourceId: 1, organizationId: 1, apiKey: KEY, gatewayIds: [GOUDA] };
    expect(() => new TtnV3Collector({ ...base, baseUrl: 'eu1.cloud.thethings.network' }, sink)).toThrow(
      /invalid TTN server URL/,
    );
    expect(() => new TtnV3Collector({ ...base, baseUrl: peer.url, gatewayIds: [] }, sink)).toThrow(
      /at least one gateway/,
    );
  });
});
