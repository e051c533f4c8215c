import type { Packet } from '@lorawatch/domain/packet';
import { policyEnabling } from '../testing/fixture-packets';
import {
  initialSessionDetectors,
  runSessionDetectors,
  type SessionDetectorsState,
} from './run-session-detectors';
import {
  abpUplink,
  DEFAULT_POLICY,
  given,
  GW_A,
  GW_B,
  GW_C,
  ttnDownlink,
  ttnJoinAccept,
  ttnJoinRequest,
  ttnRejoin,
  ttnUplink,
} from './testing/session-traffic';

/**
 * A day in the life of a healthy OTAA device: the real TTN join, three gateways with slightly different clocks,
 * lost frames, confirmed uplinks retransmitted, downlinks, a rejoin just before the counter would wrap.
 */
function healthyTraffic(): Packet[] {
  const packets: Packet[] = [ttnJoinRequest(GW_A, 0), ttnJoinRequest(GW_B, 0.3), ttnJoinAccept(GW_A, 5)];
  let t = 10;
  for (let fCnt = 0; fCnt < 40; fCnt += fCnt % 7 === 6 ? 3 : 1) {
    packets.push(ttnUplink(fCnt, GW_A, t), ttnUplink(fCnt, GW_B, t - 0.4));
    if (fCnt % 5 === 0) packets.push(ttnUplink(fCnt, GW_C, t + 0.8));
    if (fCnt % 9 === 0) packets.push(ttnDownlink(fCnt / 9, GW_A, t + 1));
    t += 600;
  }
  packets.push(
    ttnUplink(65530, GW_A, t, { confirmed: true }),
    ttnUplink(65530, GW_A, t + 3, { confirmed: true }),
  );
  packets.push(...ttnRejoin(999, '26012e99', GW_B, t + 60));
  packets.push(
    ttnUplink(0, GW_A, t + 120, { devAddr: '26012e99' }),
    ttnUplink(1, GW_B, t + 720, { devAddr: '26012e99' }),
  );
  return packets;
}

/** An ABP device that reboots, and a clone of its session. */
function suspiciousTraffic(): Packet[] {
  return [
    abpUplink(100, GW_A, 0),
    abpUplink(101, GW_A, 60),
    abpUplink(0, GW_A, 3600),
    abpUplink(1, GW_A, 3660),
    abpUplink(90, GW_B, 3700),
    abpUplink(91, GW_B, 3760),
    abpUplink(30, GW_B, 3800),
    abpUplink(101, GW_A, 7200),
  ];
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    Object.values(value).forEach((inner) => deepFreeze(inner));
    Object.freeze(value);
  }
  return value;
}

describe('session detectors family', () => {
  it('given healthy traffic with copies, lost frames, retransmissions and a rejoin, then no alert', () => {
    const { alerts, cleared } = given(healthyTraffic());
    expect(alerts).toEqual([]);
    expect(cleared).toEqual([]);
  });

  it('given suspicious traffic, then LAF-006, LAF-007 and LAF-004 in packet order', () => {
    expect(given(suspiciousTraffic()).alerts.map((alert) => alert.code)).toEqual([
      'LAF-006',
      'LAF-007',
      'LAF-004',
    ]);
  });

  it('is deterministic: the same packets give the same alerts, clearances and state', () => {
    const packets = [...healthyTraffic(), ...suspiciousTraffic()];
    expect(given(packets)).toEqual(given(packets));
  });

  it('keeps plain JSON state: a round trip between any two packets changes nothing', () => {
    const packets = [...suspiciousTraffic(), ...healthyTraffic()];
    const straight = given(packets);
    for (const cut of [1, 4, 9, packets.length - 2]) {
      const first = given(packets.slice(0, cut));
      const restored = JSON.parse(JSON.stringify(first.state)) as SessionDetectorsState;
      expect(restored).toEqual(first.state);
      const rest = given(packets.slice(cut), DEFAULT_POLICY, restored);
      expect([...first.alerts, ...rest.alerts]).toEqual(straight.alerts);
      expect(rest.state).toEqual(straight.state);
    }
  });

  it('never modifies the state it is given', () => {
    let state = deepFreeze(initialSessionDetectors());
    for (const packet of [...suspiciousTraffic(), ...healthyTraffic()]) {
      state = deepFreeze(
        runSessionDetectors(state, { packet, policy: DEFAULT_POLICY, devAddr: packet.devAddr }).state,
      );
    }
    expect(state.otaa).toBe(true);
  });

  it('emits alerts whatever the policy enables: the caller filters', () => {
    const { alerts } = given(suspiciousTraffic(), policyEnabling());
    expect(alerts).toEqual(given(suspiciousTraffic()).alerts);
    expect(alerts).toHaveLength(3);
  });
});
