import { alertId } from '../alert-draft';
import {
  everyPeriod,
  GW_A,
  GW_B,
  GW_C,
  heardBy,
  policyWith,
  runDevice,
  uplink,
} from './testing/statistics-traffic';

const HOUR = 3600;
const atMostFive = policyWith({ 'LAF-101': { max_lost_packets: 5 } });

describe('LAF-101 many lost messages', () => {
  it('given more lost frames in the window than allowed, then an alert with the window sum', () => {
    const packets = [
      uplink(10, { at: 0 }),
      uplink(13, { at: 180 }),
      uplink(16, { at: 360 }),
      uplink(19, { at: 540 }),
    ];
    const { alerts } = runDevice(packets, atMostFive);
    // 2 + 2 lost is within the limit; the third gap brings the sum to 6.
    expect(alerts.map((alert) => [alert.code, alert.packet.id, alert.parameters.packets_lost])).toEqual([
      ['LAF-101', packets[3].id, 6],
    ]);
    expect(alerts[0].id).toBe(alertId('LAF-101', packets[3].id));
  });

  it('given exactly the allowed number lost, then no alert', () => {
    const packets = [uplink(10, { at: 0 }), uplink(13, { at: 180 }), uplink(17, { at: 420 })];
    expect(runDevice(packets, atMostFive).alerts).toEqual([]);
  });

  it('given frames heard by several gateways and a counter rolling over, then nothing is lost', () => {
    const zero = policyWith({ 'LAF-101': { max_lost_packets: 0 } });
    const packets = [65534, 65535, 0, 1].flatMap((fCnt, i) => heardBy(fCnt, i * 60, [GW_A, GW_B, GW_C]));
    const { alerts, state } = runDevice(packets, zero);
    expect(alerts).toEqual([]);
    expect(state.totals.PACKETS_LOST).toBe(0);
  });

  it('given a counter jump that restarts the session, then it does not count as 65 lost frames', () => {
    const packets = [uplink(10, { at: 0 }), uplink(76, { at: 60 }), uplink(77, { at: 120 })];
    const { alerts, state } = runDevice(packets, atMostFive);
    expect(alerts).toEqual([]);
    expect(state.totals.PACKETS_LOST).toBe(0);
  });

  it('given losses more than 24 hours apart, then the old ones no longer count', () => {
    const early = [uplink(10, { at: 0 }), uplink(14, { at: 240 })];
    // The device keeps sending every half hour without loss, then loses 3 frames a day later.
    const steady = everyPeriod(15, 48, 240 + 1800, 1800);
    const late = uplink(15 + 48 + 3, { at: 240 + 49 * 1800 + 3 * 1800 });
    const { alerts, state } = runDevice([...early, ...steady, late], atMostFive);
    expect(state.totals.PACKETS_LOST).toBe(6);
    expect(alerts).toEqual([]);
  });

  it('given the same losses within the window, then they add up', () => {
    const packets = [uplink(10, { at: 0 }), uplink(14, { at: 240 }), uplink(18, { at: 2 * HOUR })];
    expect(runDevice(packets, atMostFive).alerts.map((alert) => alert.parameters.packets_lost)).toEqual([6]);
  });

  it('given a one-hour window, then losses of earlier hours do not count', () => {
    const oneHour = policyWith({ 'LAF-101': { max_lost_packets: 5, time_window: 1 } });
    const packets = [uplink(10, { at: 0 }), uplink(14, { at: 240 }), uplink(18, { at: 2 * HOUR })];
    expect(runDevice(packets, oneHour).alerts).toEqual([]);
  });
});
