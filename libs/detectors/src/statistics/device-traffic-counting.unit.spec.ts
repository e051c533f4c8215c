import { frameVectors } from '@lorawatch/lorawan/testing/fixtures';
import { packetFromPhy, secondsAfter } from '../testing/packet-factory';
import { MAX_GATEWAY_LINKS } from './gateway-links';
import { WINDOW_HOURS } from './hourly-window';
import { RECENT_UPLINKS } from './uplink-transmissions';
import {
  DEV_ADDR,
  downlink,
  everyPeriod,
  GW_A,
  GW_B,
  GW_C,
  heardBy,
  joinAccept,
  joinRequest,
  runDevice,
  T0,
  uplink,
} from './testing/statistics-traffic';

describe('device traffic statistics', () => {
  it('given each frame heard by three gateways, then each counts once, with no loss and no retransmission', () => {
    const packets = [10, 11, 12].flatMap((fCnt, i) => heardBy(fCnt, i * 60, [GW_A, GW_B, GW_C]));
    const { state } = runDevice(packets);
    expect(state.totals).toMatchObject({ PACKETS_UP: 3, PACKETS_LOST: 0, RETRANSMISSIONS: 0 });
    expect(state.links.map((link) => link.gateway).sort()).toEqual([GW_A, GW_B, GW_C]);
    expect(state.activityFreq).toBeCloseTo(60, 6);
  });

  it('given the same frame twice via the same gateway, then one retransmission and one packet up', () => {
    const packets = [
      ...heardBy(10, 0, [GW_A, GW_B]),
      // The device sends it again; both gateways hear the second sending too.
      ...heardBy(10, 4, [GW_A, GW_B]),
      uplink(11, { at: 60 }),
    ];
    const { state } = runDevice(packets);
    expect(state.totals).toMatchObject({ PACKETS_UP: 2, RETRANSMISSIONS: 1, PACKETS_LOST: 0 });
    // The period is measured from the first sending.
    expect(state.activityFreq).toBeCloseTo(60, 6);
  });

  it('given the same message delivered twice, then it counts once', () => {
    const frame = uplink(10, { at: 0 });
    const { state } = runDevice([frame, frame, uplink(11, { at: 60 }), uplink(11, { at: 60 })]);
    expect(state.totals).toMatchObject({ PACKETS_UP: 2, RETRANSMISSIONS: 0 });
  });

  it('given a counter rolling over from 65535 to 0, then nothing is lost and the period continues', () => {
    const { state } = runDevice(everyPeriod(65533, 5, 0, 60));
    expect(state.totals).toMatchObject({ PACKETS_UP: 5, PACKETS_LOST: 0 });
    expect(state.uplinks.map((frame) => frame.fCount)).toEqual([65533, 65534, 65535, 0, 1]);
    expect(state.activityFreq).toBeCloseTo(60, 6);
  });

  it('given a counter gap of 3, then 2 frames are lost and the period is per frame', () => {
    const { state } = runDevice([uplink(10, { at: 0 }), uplink(11, { at: 60 }), uplink(14, { at: 240 })]);
    expect(state.totals).toMatchObject({ PACKETS_UP: 3, PACKETS_LOST: 2 });
    expect(state.activityFreq).toBeCloseTo(60, 6);
  });

  it('given a counter jump over 64, then the session restarts: no loss and no period sample', () => {
    const { state } = runDevice([uplink(10, { at: 0 }), uplink(11, { at: 60 }), uplink(81, { at: 90 })]);
    expect(state.totals).toMatchObject({ PACKETS_UP: 3, PACKETS_LOST: 0 });
    expect(state.activityFreq).toBeCloseTo(60, 6);
    expect(state.uplinks.map((frame) => frame.fCount)).toEqual([81]);
  });

  it('given a counter going back, then the session restarts', () => {
    const { state } = runDevice([uplink(40, { at: 0 }), uplink(41, { at: 60 }), uplink(2, { at: 120 })]);
    expect(state.totals).toMatchObject({ PACKETS_UP: 3, PACKETS_LOST: 0 });
    expect(state.uplinks.map((frame) => frame.fCount)).toEqual([2]);
  });

  it('given frames with FCnt 0, then they count like any other', () => {
    const { state } = runDevice([uplink(0, { at: 0 }), uplink(1, { at: 60 }), uplink(2, { at: 120 })]);
    expect(state.totals).toMatchObject({ PACKETS_UP: 3, PACKETS_LOST: 0 });
    expect(state.activityFreq).toBeCloseTo(60, 6);
  });

  it('given a copy arriving after the next frame, then it is a copy, not a restart', () => {
    const packets = [
      uplink(10, { at: 0, gateway: GW_A }),
      uplink(11, { at: 60, gateway: GW_A }),
      // GW_B's backhaul is slow: its copy of frame 10 comes after frame 11.
      uplink(10, { at: 0.4, gateway: GW_B }),
      uplink(12, { at: 120, gateway: GW_A }),
    ];
    const { state } = runDevice(packets);
    expect(state.totals).toMatchObject({ PACKETS_UP: 3, PACKETS_LOST: 0, RETRANSMISSIONS: 0 });
    expect(state.activityFreq).toBeCloseTo(60, 6);
  });

  it('given gateway clocks a second apart and copies out of order, then the period stays regular', () => {
    // GW_B's clock is one second behind, and its copy is sometimes processed first.
    const packets = Array.from({ length: 20 }, (_unused, i) => {
      const a = uplink(100 + i, { at: i * 60, gateway: GW_A });
      const b = uplink(100 + i, { at: i * 60 - 1, gateway: GW_B });
      return i % 2 === 0 ? [a, b] : [b, a];
    }).flat();
    const { state } = runDevice(packets);
    expect(state.totals).toMatchObject({ PACKETS_UP: 20, PACKETS_LOST: 0, RETRANSMISSIONS: 0 });
    expect(state.activityFreq).toBeGreaterThan(59);
    expect(state.activityFreq).toBeLessThan(61);
    expect(Math.sqrt(state.activityFreqVariance ?? 0) / (state.activityFreq ?? 1)).toBeLessThan(0.05);
  });

  it('given a new session address, then the counter starts again without loss', () => {
    const { state } = runDevice([
      uplink(30, { at: 0 }),
      uplink(5, { at: 60, devAddr: '26012e99' }),
      uplink(6, { at: 120, devAddr: '26012e99' }),
    ]);
    expect(state.totals).toMatchObject({ PACKETS_UP: 3, PACKETS_LOST: 0 });
  });

  it('given a join accept, then the next frame starts a new session', () => {
    const { state } = runDevice([
      uplink(3, { at: 0 }),
      joinRequest(1, { at: 30 }),
      joinAccept({ at: 35 }),
      uplink(5, { at: 60 }),
      uplink(6, { at: 120 }),
    ]);
    expect(state.totals).toMatchObject({ PACKETS_UP: 3, PACKETS_LOST: 0, JOIN_REQUESTS: 1 });
    expect(state.devAddr).toBe(DEV_ADDR);
  });

  it('counts downlinks once per downlink counter', () => {
    const { state } = runDevice([
      uplink(1, { at: 0 }),
      downlink(7, { at: 1 }),
      downlink(7, { at: 1.5, gateway: GW_B }),
      downlink(8, { at: 61 }),
    ]);
    expect(state.totals).toMatchObject({ PACKETS_UP: 1, PACKETS_DOWN: 2 });
  });

  it('counts each join request once however many gateways hear it, and the unanswered ones as failed', () => {
    const { state } = runDevice([
      joinRequest(1, { at: 0, gateway: GW_A }),
      joinRequest(1, { at: 0.3, gateway: GW_B }),
      joinRequest(2, { at: 20 }),
      joinRequest(3, { at: 40 }),
      joinAccept({ at: 45 }),
      joinRequest(4, { at: 600 }),
      uplink(0, { at: 660 }),
      joinRequest(5, { at: 900 }),
    ]);
    expect(state.totals).toMatchObject({ JOIN_REQUESTS: 5, FAILED_JOIN_REQUESTS: 2 });
  });

  it('keeps the payload size, spreading factor and first and last activity of counted uplinks', () => {
    const { state } = runDevice([
      downlink(1, { at: -5 }),
      uplink(1, { at: 0, spreadingFactor: 9, payload: Buffer.from('a longer payload') }),
      uplink(2, { at: 60, spreadingFactor: 10 }),
      uplink(2, { at: 60.2, gateway: GW_B, spreadingFactor: 12 }),
    ]);
    const last = uplink(2, { at: 60 });
    expect(state).toMatchObject({
      firstActivity: downlink(1, { at: -5 }).date,
      lastActivity: last.date,
      payloadSize: last.size,
      spreadingFactor: 10,
      connected: true,
    });
    expect(state.lastUplink?.id).toBe(last.id);
  });

  it('drops a gateway that has not heard the device for longer than its silence allowance', () => {
    // Period 60 s: allowance max(1800, 60 / 0.05) = 1800 s.
    const packets = [...heardBy(1, 0, [GW_A, GW_B]), ...everyPeriod(2, 40, 60, 60)];
    const early = runDevice(packets.slice(0, 30)).state;
    const late = runDevice(packets).state;
    expect(early.links.map((link) => link.gateway).sort()).toEqual([GW_A, GW_B]);
    expect(late.links.map((link) => link.gateway)).toEqual([GW_A]);
  });

  it('keeps every list bounded', () => {
    const gateways = Array.from(
      { length: 40 },
      (_unused, i) => `aa555a00000002${i.toString(16).padStart(2, '0')}`,
    );
    const packets = Array.from({ length: 120 }, (_unused, i) =>
      uplink(i, { at: i * 1800, gateway: gateways[i % gateways.length] }),
    );
    const { state } = runDevice(packets);
    expect(state.links.length).toBeLessThanOrEqual(MAX_GATEWAY_LINKS);
    expect(state.uplinks).toHaveLength(RECENT_UPLINKS);
    expect(state.hourly.length).toBeLessThanOrEqual(WINDOW_HOURS);
    expect(state.totals.PACKETS_UP).toBe(120);
  });
});

describe('device traffic statistics over real frames', () => {
  // lora-packet's published frames of device 49be7df1: uplinks FCnt 2, 3 and 4, and a downlink FCnt 2.
  const vectors = frameVectors('vectors-lora-packet.json');
  const frame = (id: string, at: number, gateway = GW_A) => {
    const vector = vectors.find((v) => v.id === id);
    if (vector === undefined) throw new Error(`missing vector ${id}`);
    return packetFromPhy(Buffer.from(vector.phy_hex, 'hex'), { gateway, date: secondsAfter(T0, at) });
  };

  it('given each uplink heard by two gateways, then three frames up, one down, nothing lost', () => {
    const packets = [
      frame('lp-data-up-test', 0),
      frame('lp-data-up-test', 0.2, GW_B),
      frame('lp-data-down-ack', 1),
      frame('lp-data-up-empty-payload', 60, GW_B),
      frame('lp-data-up-empty-payload', 60.1),
      frame('lp-data-up-multiblock', 120),
    ];
    const { state } = runDevice(packets);
    expect(state.totals).toMatchObject({
      PACKETS_UP: 3,
      PACKETS_DOWN: 1,
      PACKETS_LOST: 0,
      RETRANSMISSIONS: 0,
    });
    expect(state.payloadSize).toBe(packets[5].size);
  });

  it('given the middle uplink missing, then one frame lost', () => {
    const { state } = runDevice([frame('lp-data-up-test', 0), frame('lp-data-up-multiblock', 120)]);
    expect(state.totals).toMatchObject({ PACKETS_UP: 2, PACKETS_LOST: 1 });
    expect(state.activityFreq).toBeCloseTo(60, 6);
  });
});
