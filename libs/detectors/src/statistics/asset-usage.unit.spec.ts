import { secondsAfter } from '../testing/packet-factory';
import { deviceUsage } from './device-usage';
import { gatewayUsage } from './gateway-usage';
import {
  downlink,
  GW_A,
  GW_B,
  heardBy,
  joinAccept,
  joinRequest,
  runDevice,
  runGateway,
  T0,
  uplink,
} from './testing/statistics-traffic';

const seconds = (at: number) => secondsAfter(T0, at);

describe('network overview figures', () => {
  // Over 20 minutes: 2 join requests (1 failed), 9 frames up (FCnt 0..11 with 3 missing), 1 retransmission,
  // 2 downlinks.
  const packets = [
    joinRequest(1, { at: 0 }),
    joinRequest(2, { at: 30 }),
    joinAccept({ at: 35 }),
    ...[0, 1, 2, 3, 4, 5].flatMap((fCnt) =>
      heardBy(fCnt, 60 + fCnt * 100, [GW_A, GW_B], { rssi: -90 - fCnt }),
    ),
    uplink(5, { at: 563, gateway: GW_A, rssi: -95 }),
    downlink(1, { at: 561 }),
    ...[9, 10, 11].map((fCnt) => uplink(fCnt, { at: 60 + fCnt * 100, gateway: GW_B, rssi: -100 })),
    downlink(2, { at: 1161 }),
  ];
  const at = seconds(1200);

  it('gives a device its 24-hour counters, shares and rates', () => {
    const usage = deviceUsage(runDevice(packets).state, at, 0.2);
    const traffic = 9 + 2 + 3;
    expect(usage).toMatchObject({
      packets_up: { total: 9, percentage: Math.round((9 / traffic) * 10000) / 100 },
      packets_down: { total: 2 },
      packets_lost: { total: 3, percentage: Math.round((3 / traffic) * 10000) / 100 },
      retransmissions: 1,
      join_requests: 2,
      failed_join_requests: 1,
      ngateways_connected_to: 2,
      connected: true,
      first_activity: seconds(0),
      last_activity: seconds(1160),
      npackets_up: 9,
      npackets_lost: 3,
      is_regular: true,
      spread_factor: 7,
    });
    // 9 frames in the 20 minutes the device has existed.
    expect(usage.packets_up.per_hour).toBeCloseTo(27, 6);
    expect(usage.packets_up.per_minute).toBeCloseTo(0.45, 6);
    expect(usage.packets_up.per_day).toBeCloseTo(27 * 24, 6);
    expect(usage.activity_freq).toBeCloseTo(100, 6);
    expect(usage.max_rssi).toBeGreaterThan(-100);
    expect(usage.max_lsnr).toBe(7.5);
  });

  it('forgets the counters after 24 hours but keeps the lifetime totals', () => {
    const usage = deviceUsage(runDevice(packets).state, seconds(1200 + 86400), 0.2);
    expect(usage.packets_up).toEqual({ total: 0, percentage: null, per_minute: 0, per_hour: 0, per_day: 0 });
    expect(usage.join_requests).toBe(0);
    expect(usage.npackets_up).toBe(9);
  });

  it('calls an irregular device irregular under a strict tolerance', () => {
    const jittery = [0, 50, 160, 200, 330].map((t, i) => uplink(i, { at: t }));
    const state = runDevice(jittery).state;
    expect(deviceUsage(state, at, 1).is_regular).toBe(true);
    expect(deviceUsage(state, at, 0.05).is_regular).toBe(false);
  });

  it('gives a gateway its packets and leaves device-only figures empty', () => {
    const usage = gatewayUsage(runGateway(packets.filter((p) => p.gateway === GW_A)).state, at);
    expect(usage).toMatchObject({
      // Join requests, frames 0..5 and the retransmission up; the join accept and both downlinks down.
      packets_up: { total: 9, percentage: 75 },
      packets_down: { total: 3, percentage: 25 },
      packets_lost: null,
      retransmissions: null,
      join_requests: null,
      is_regular: true,
      connected: true,
      first_activity: seconds(0),
      last_activity: seconds(1161),
    });
  });
});
