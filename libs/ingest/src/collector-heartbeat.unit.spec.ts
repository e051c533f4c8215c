import type { Heartbeat } from '@lorawatch/packet-log/packet-log.port';
import { samplePacket } from '@lorawatch/packet-log/testing/packet-log.contract';
import { CollectorHeartbeat } from './collector-heartbeat';
import type { CollectorSink } from './mqtt/collector-sink';
import { RecordingSink } from './testing/recording-sink';

const INTERVAL = 60_000;
const START = Date.parse('2024-05-01T10:00:00.000Z');

/** A heartbeat on a clock the test moves, appending to a list. */
function setUp(intervalMs = INTERVAL) {
  let clock = START;
  const appended: Heartbeat[] = [];
  const inner = new RecordingSink();
  const heartbeat = new CollectorHeartbeat({
    dataSourceId: 3,
    organizationId: 9,
    intervalMs,
    now: () => new Date(clock),
    append: async (beat) => void appended.push(beat),
  });
  const sink: CollectorSink = heartbeat.watch(inner);
  return {
    heartbeat,
    sink,
    inner,
    appended,
    at: (ms: number) => (clock = START + ms),
  };
}

describe('CollectorHeartbeat', () => {
  it('says nothing before the collector reports a connection status', async () => {
    const { heartbeat, at, appended } = setUp();
    at(10 * INTERVAL);
    expect(await heartbeat.beat()).toBeNull();
    expect(appended).toEqual([]);
  });

  it('appends a connected heartbeat, stamped with the collector clock, for each whole interval with no packet', async () => {
    const { heartbeat, sink, at, appended, inner } = setUp();
    sink.onStatus('CONNECTED');
    expect(inner.statusNames()).toEqual(['CONNECTED']);
    at(INTERVAL - 1);
    expect(await heartbeat.beat()).toBeNull();
    at(INTERVAL);
    expect(await heartbeat.beat()).toEqual({
      kind: 'heartbeat',
      id: 'heartbeat:3:2024-05-01T10:01:00.000Z',
      organizationId: 9,
      dataSourceId: 3,
      at: '2024-05-01T10:01:00.000Z',
      connected: true,
    });
    at(2 * INTERVAL);
    await heartbeat.beat();
    expect(appended.map((beat) => beat.at)).toEqual(['2024-05-01T10:01:00.000Z', '2024-05-01T10:02:00.000Z']);
  });

  it('adds nothing while packets keep arriving, and hands the packets on', async () => {
    const { heartbeat, sink, at, appended, inner } = setUp();
    sink.onStatus('CONNECTED');
    for (let minute = 1; minute <= 5; minute++) {
      at(minute * INTERVAL - 1000);
      await sink.onPackets([samplePacket(`p${minute}`, '70b3d57ed0000001')]);
      at(minute * INTERVAL);
      expect(await heartbeat.beat()).toBeNull();
    }
    expect(appended).toEqual([]);
    expect(inner.packets.map((packet) => packet.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    // Quiet from the last packet on: the first heartbeat comes a whole interval after it.
    at(5 * INTERVAL - 1000 + INTERVAL);
    expect((await heartbeat.beat())?.connected).toBe(true);
  });

  it('waits a whole quiet interval after a (re)connection, the time a broker takes to hand a backlog over', async () => {
    const { heartbeat, sink, at } = setUp();
    sink.onStatus('CONNECTED');
    at(30 * INTERVAL);
    sink.onStatus('DISCONNECTED');
    sink.onStatus('CONNECTED');
    at(31 * INTERVAL - 1);
    expect(await heartbeat.beat()).toBeNull();
    at(31 * INTERVAL);
    expect(await heartbeat.beat()).not.toBeNull();
  });

  it('appends a disconnected heartbeat every interval while the collector is not connected', async () => {
    const { heartbeat, sink, at, appended } = setUp();
    sink.onStatus('CONNECTED');
    at(10_000);
    sink.onStatus('DISCONNECTED', 'broker gone');
    at(INTERVAL);
    await heartbeat.beat();
    at(2 * INTERVAL);
    await heartbeat.beat();
    expect(appended.map((beat) => [beat.at, beat.connected])).toEqual([
      ['2024-05-01T10:01:00.000Z', false],
      ['2024-05-01T10:02:00.000Z', false],
    ]);
  });

  it('says nothing once stopped, whatever the collector reports while it stops', async () => {
    const { heartbeat, sink, at, appended } = setUp();
    sink.onStatus('CONNECTED');
    heartbeat.stop();
    sink.onStatus('DISCONNECTED');
    at(5 * INTERVAL);
    expect(await heartbeat.beat()).toBeNull();
    expect(appended).toEqual([]);
  });

  it('runs on its own timer once started, and never with an interval of 0', async () => {
    jest.useFakeTimers({ now: START });
    try {
      const appended: Heartbeat[] = [];
      const heartbeat = new CollectorHeartbeat({
        dataSourceId: 3,
        organizationId: 9,
        intervalMs: INTERVAL,
        append: async (beat) => void appended.push(beat),
      });
      heartbeat.watch(new RecordingSink()).onStatus('CONNECTED');
      heartbeat.start();
      await jest.advanceTimersByTimeAsync(3 * INTERVAL);
      heartbeat.stop();
      expect(appended.map((beat) => beat.at)).toEqual([
        '2024-05-01T10:01:00.000Z',
        '2024-05-01T10:02:00.000Z',
        '2024-05-01T10:03:00.000Z',
      ]);

      const off = new CollectorHeartbeat({
        dataSourceId: 3,
        organizationId: 9,
        intervalMs: 0,
        append: async (beat) => void appended.push(beat),
      });
      off.watch(new RecordingSink()).onStatus('DISCONNECTED');
      off.start();
      await jest.advanceTimersByTimeAsync(3 * INTERVAL);
      expect(appended).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
